/**
 * Imports the product pages' content with the importer's rules (import.server.ts): YAML validated
 * with zod, errors that name the file, changed files only (by content hash), and language-neutral
 * data (prices, addresses, versions) kept apart from each language's texts.
 * - content/pricing.yaml → plans, plan_prices, pricing_settings, plan_features; content/pricing/<lang>.yaml → page_texts
 * - content/faq/<lang>.yaml → faq_groups, faq_items and their translations (order from the English file)
 * - content/releases.yaml → releases; content/releases/<lang>/<version>.yaml → release_notes
 * - content/about/<lang>.yaml, content/links/<lang>.yaml → page_texts; content/links.yaml → page_texts("link-addresses")
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { DEFAULT_LANG, LANG_KEYS, type LangKey } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import { CLIENT_SYSTEMS, PLAN_KEYS } from "../db/schema";
import type { Logger } from "../logger.server";
import { CONTENT_DIR } from "../paths.server";
import { contentFs } from "./content-files.server";
import { renderInlineMarkdown, renderMarkdown } from "./markdown.server";
import { siteLinkProblem } from "./site-links.server";

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const text = z.string().trim().min(1);

export function readYaml<S extends z.ZodType>(file: string, schema: S): { data: z.output<S>; hash: string } {
  const source = contentFs.readFileSync(file, "utf8");
  let yaml: unknown;
  try {
    yaml = parseYaml(source);
  } catch (err) {
    throw new Error(`${file}: not valid YAML (${(err as Error).message.split("\n")[0]})`);
  }
  const parsed = schema.safeParse(yaml);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return { data: parsed.data, hash: createHash("sha256").update(source).digest("hex") };
}

/** One file per language under content/<dir>/<lang>.yaml (languages without a file are skipped). */
export function perLanguage<S extends z.ZodType>(dir: string, schema: S): { lang: LangKey; data: z.output<S>; hash: string }[] {
  const root = path.join(CONTENT_DIR, dir);
  if (!contentFs.existsSync(root)) return [];
  return LANG_KEYS.filter((lang) => contentFs.existsSync(path.join(root, `${lang}.yaml`))).map((lang) => ({ lang, ...readYaml(path.join(root, `${lang}.yaml`), schema) }));
}

export async function storePageText(db: Database, kind: string, lang: LangKey, data: unknown, hash: string): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
    INSERT INTO page_texts (kind, lang, data, source_hash) VALUES (${kind}, ${lang}, ${JSON.stringify(data)}::jsonb, ${hash})
    ON CONFLICT (kind, lang) DO UPDATE SET data = excluded.data, source_hash = excluded.source_hash, updated_at = now()
    WHERE page_texts.source_hash <> excluded.source_hash`);
  return (rowCount ?? 0) > 0;
}

// ---- pricing -------------------------------------------------------------------------------

const FeatureValue = z.string().regex(/^(yes|no|[a-zA-Z]+)$/);
export const PricingCatalogue = z.object({
  yearly_discount_percent: z.number().int().min(0).max(90),
  storage_addon: z.object({ profiles: z.number().int().positive(), monthly_cents: z.number().int().positive() }),
  plans: z.array(
    z.object({
      key: z.enum(PLAN_KEYS),
      members_included: z.number().int().min(1),
      extra_member_cents: z.number().int().min(0).nullable(),
      custom: z.boolean().default(false),
      prices: z.array(z.object({ profiles: z.number().int().positive(), monthly_cents: z.number().int().min(0) })),
    }),
  ),
  features: z.array(z.object({ key: slug, group: slug, free: FeatureValue, base: FeatureValue, pro: FeatureValue, custom: FeatureValue })),
});

export const PricingTexts = z.object({
  plans: z.object(Object.fromEntries(PLAN_KEYS.map((k) => [k, z.object({ tagline: text })])) as Record<(typeof PLAN_KEYS)[number], z.ZodObject<{ tagline: typeof text }>>),
  groups: z.record(slug, text),
  features: z.record(slug, text),
  values: z.record(z.string(), text),
  storage: z.object({ title: text, text }),
  faq: z.array(z.object({ question: text, answer: text })).min(1),
});

/** The catalogue replaces what is in the database only when asked (`overwrite`) or when it is empty. */
async function importPricing(db: Database, overwrite: boolean): Promise<void> {
  const { data } = readYaml(path.join(CONTENT_DIR, "pricing.yaml"), PricingCatalogue);
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE plans IN SHARE ROW EXCLUSIVE MODE`);
    const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM plans`);
    if (rows[0]!.n > 0 && !overwrite) return;
    await tx.execute(sql`DELETE FROM plan_features`);
    await tx.execute(sql`DELETE FROM plan_prices`);
    await tx.execute(sql`DELETE FROM plans`);
    for (const [i, plan] of data.plans.entries()) {
      await tx.execute(sql`
        INSERT INTO plans (key, sort, members_included, extra_member_cents, custom)
        VALUES (${plan.key}, ${i}, ${plan.members_included}, ${plan.extra_member_cents}, ${plan.custom})`);
      for (const price of plan.prices) {
        await tx.execute(sql`INSERT INTO plan_prices (plan, profiles, monthly_cents) VALUES (${plan.key}, ${price.profiles}, ${price.monthly_cents})`);
      }
    }
    await tx.execute(sql`
      INSERT INTO pricing_settings (id, yearly_discount_percent, storage_addon_profiles, storage_addon_monthly_cents)
      VALUES (1, ${data.yearly_discount_percent}, ${data.storage_addon.profiles}, ${data.storage_addon.monthly_cents})
      ON CONFLICT (id) DO UPDATE SET yearly_discount_percent = excluded.yearly_discount_percent,
        storage_addon_profiles = excluded.storage_addon_profiles, storage_addon_monthly_cents = excluded.storage_addon_monthly_cents`);
    for (const [i, f] of data.features.entries()) {
      await tx.execute(sql`
        INSERT INTO plan_features (key, "group", sort, free, base, pro, custom)
        VALUES (${f.key}, ${f.group}, ${i}, ${f.free}, ${f.base}, ${f.pro}, ${f.custom})`);
    }
  });
}

// ---- FAQ -----------------------------------------------------------------------------------

export const FaqFile = z.object({
  groups: z
    .array(
      z.object({
        slug,
        name: text,
        items: z.array(z.object({ slug, question: text, answer: text })).min(1),
      }),
    )
    .min(1),
});

export async function importFaq(db: Database): Promise<void> {
  const files = perLanguage("faq", FaqFile);
  const english = files.find((f) => f.lang === DEFAULT_LANG);
  if (!english) return;
  // The English file fixes the topics, questions and their order; other languages give texts.
  for (const [gi, group] of english.data.groups.entries()) {
    const g = await db.execute<{ id: number }>(sql`
      INSERT INTO faq_groups (slug, sort) VALUES (${group.slug}, ${gi})
      ON CONFLICT (slug) DO UPDATE SET sort = excluded.sort RETURNING id`);
    for (const [ii, item] of group.items.entries()) {
      await db.execute(sql`
        INSERT INTO faq_items (group_id, slug, sort) VALUES (${g.rows[0]!.id}, ${item.slug}, ${ii})
        ON CONFLICT (slug) DO UPDATE SET group_id = excluded.group_id, sort = excluded.sort`);
    }
  }
  for (const file of files) {
    for (const group of file.data.groups) {
      const g = await db.execute<{ id: number }>(sql`SELECT id FROM faq_groups WHERE slug = ${group.slug}`);
      if (!g.rows[0]) throw new Error(`content/faq/${file.lang}.yaml: topic "${group.slug}" is not in the English file`);
      await db.execute(sql`
        INSERT INTO faq_group_translations (group_id, lang, name) VALUES (${g.rows[0].id}, ${file.lang}, ${group.name})
        ON CONFLICT (group_id, lang) DO UPDATE SET name = excluded.name`);
      for (const item of group.items) {
        const it = await db.execute<{ id: number }>(sql`SELECT id FROM faq_items WHERE slug = ${item.slug}`);
        if (!it.rows[0]) throw new Error(`content/faq/${file.lang}.yaml: question "${item.slug}" is not in the English file`);
        const answer = renderMarkdown(item.answer, file.lang, `content/faq/${file.lang}.yaml: ${item.slug}`);
        await db.execute(sql`
          INSERT INTO faq_item_translations (item_id, lang, question, answer_html, search_text)
          VALUES (${it.rows[0].id}, ${file.lang}, ${item.question}, ${answer.html}, ${`${item.question}\n${answer.text}`})
          ON CONFLICT (item_id, lang) DO UPDATE SET question = excluded.question, answer_html = excluded.answer_html,
            search_text = excluded.search_text, updated_at = now()
          WHERE (faq_item_translations.question, faq_item_translations.answer_html) IS DISTINCT FROM (excluded.question, excluded.answer_html)`);
      }
    }
  }
}

// ---- releases ------------------------------------------------------------------------------

const Version = z.string().regex(/^\d+\.\d+\.\d+$/);
const day = z.union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]).transform((v) => (typeof v === "string" ? new Date(`${v}T02:00:00Z`) : v));
export const ReleasesFile = z.array(z.object({ version: Version, released_at: day, systems: z.array(z.enum(CLIENT_SYSTEMS)).min(1) }));
const noteItems = z.array(text).default([]);
export const ReleaseNotesFile = z.object({ summary: text, added: noteItems, changed: noteItems, fixed: noteItems, security: noteItems });

export function readReleases() {
  return readYaml(path.join(CONTENT_DIR, "releases.yaml"), ReleasesFile).data;
}

export async function importReleases(db: Database): Promise<void> {
  for (const release of readReleases()) {
    const r = await db.execute<{ id: number }>(sql`
      INSERT INTO releases (version, released_at) VALUES (${release.version}, ${release.released_at.toISOString()})
      ON CONFLICT (version) DO UPDATE SET released_at = excluded.released_at RETURNING id`);
    const id = r.rows[0]!.id;
    for (const lang of LANG_KEYS) {
      const file = path.join(CONTENT_DIR, "releases", lang, `${release.version}.yaml`);
      if (!contentFs.existsSync(file)) continue;
      const { data, hash } = readYaml(file, ReleaseNotesFile);
      const sections = {
        added: data.added.map((i) => renderInlineMarkdown(i, file)),
        changed: data.changed.map((i) => renderInlineMarkdown(i, file)),
        fixed: data.fixed.map((i) => renderInlineMarkdown(i, file)),
        security: data.security.map((i) => renderInlineMarkdown(i, file)),
      };
      await db.execute(sql`
        INSERT INTO release_notes (release_id, lang, summary, sections, source_hash)
        VALUES (${id}, ${lang}, ${data.summary}, ${JSON.stringify(sections)}::jsonb, ${hash})
        ON CONFLICT (release_id, lang) DO UPDATE SET summary = excluded.summary, sections = excluded.sections, source_hash = excluded.source_hash
        WHERE release_notes.source_hash <> excluded.source_hash`);
    }
  }
}

// ---- about and links -------------------------------------------------------------------------

export const AboutFile = z.object({
  story: text,
  milestones: z.array(z.object({ year: z.number().int().min(2000).max(2100), title: text, text })).min(1),
  values: z.array(z.object({ title: text, text })).min(1),
  jobs: z.array(z.object({ slug, title: text, team: text, location: text, type: text, summary: text, description: text })),
});

export const LinksFile = z.object({
  intro: text,
  groups: z.record(slug, text),
  items: z.record(slug, z.object({ name: text, description: text })),
});

export const LinkAddresses = z.object({
  groups: z.array(
    z.object({
      slug,
      items: z.array(
        z.object({
          slug,
          // A path is a page of the site in the reader's language (/helps): the same rule as links written in content.
          url: z
            .string()
            .regex(/^(https:\/\/|mailto:|\/(?!\/))[^\s"<>]*$/)
            .superRefine((url, ctx) => {
              const problem = siteLinkProblem(url);
              if (problem) ctx.addIssue({ code: "custom", message: problem });
            }),
          kind: z.enum(["website", "download", "channel", "support"]),
        }),
      ),
    }),
  ),
});

export async function importPageTexts(db: Database): Promise<void> {
  for (const f of perLanguage("pricing", PricingTexts)) await storePageText(db, "pricing", f.lang, f.data, f.hash);
  for (const f of perLanguage("about", AboutFile)) {
    const data = {
      story: renderMarkdown(f.data.story, f.lang, `content/about/${f.lang}.yaml`).html,
      milestones: f.data.milestones,
      values: f.data.values,
      jobs: f.data.jobs.map((j) => ({ ...j, description: renderMarkdown(j.description, f.lang, `content/about/${f.lang}.yaml`).html })),
    };
    await storePageText(db, "about", f.lang, data, f.hash);
  }
  const addresses = readYaml(path.join(CONTENT_DIR, "links.yaml"), LinkAddresses);
  await storePageText(db, "link-addresses", DEFAULT_LANG, addresses.data, addresses.hash);
  for (const f of perLanguage("links", LinksFile)) await storePageText(db, "links", f.lang, f.data, f.hash);
}

/** Everything the product pages read, in dependency order. */
export async function importProductContent(db: Database, logger: Logger, options: { overwrite?: boolean } = {}): Promise<void> {
  await importPricing(db, options.overwrite ?? false);
  await importFaq(db);
  await importReleases(db);
  await importPageTexts(db);
  logger.info("product content imported");
}

