/**
 * Imports the growth pages' content with the importer's rules (import.server.ts and
 * product-import.server.ts): Markdown or YAML validated with zod, errors that name the file,
 * changed files only (by content hash), language-neutral data kept apart from each language's words.
 * - content/use-cases.yaml → use_cases (order, tags, apps, drawing); content/use-cases/<lang>/<slug>.md and
 *   content/solutions/<lang>/<slug>.md → use_case_translations
 * - content/partners.yaml → partner_types, partner_regions, partners; content/partners/<lang>.yaml →
 *   their names and each partner's words
 * - content/referral.yaml → page_texts("referral-config"); content/referral/<lang>.yaml and
 *   content/partner-plan/<lang>.yaml → page_texts
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { DRAWING_NAMES } from "~/components/drawings/names";
import { DEFAULT_LANG, LANG_KEYS } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import { PLAN_KEYS, type UseCaseKind } from "../db/schema";
import type { Logger } from "../logger.server";
import { CONTENT_DIR } from "../paths.server";
import { contentFs } from "./content-files.server";
import { markdownFiles, parseContentFile } from "./import.server";
import { renderMarkdown } from "./markdown.server";
import { perLanguage, readYaml, storePageText } from "./product-import.server";

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const text = z.string().trim().min(1);
const day = z.union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]).transform((v) => (typeof v === "string" ? new Date(`${v}T08:00:00Z`) : v));

// ---- use cases and solutions ---------------------------------------------------------------

/**
 * The drawing of the product a page shows and shares (docs/decisions/0031). A name the site has no
 * drawing for is refused; none at all is the profile list, so a staff-edited copy of the file
 * from before drawings keeps importing.
 */
const drawing = z.enum(DRAWING_NAMES).default("profiles");

export const UseCasesFile = z.object({
  scenarios: z.array(z.strictObject({ slug, tags: z.array(slug).max(10).default([]), drawing })).min(1),
  solutions: z.array(z.strictObject({ slug, tags: z.array(slug).max(10).default([]), apps: z.array(text).default([]), drawing })).default([]),
});

export const UseCaseFrontMatter = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().min(1).max(400),
  seo_description: z.string().trim().max(300).default(""),
  updated_at: day,
  features: z.array(z.object({ title: text, text })).min(3).max(8),
});

/**
 * The body split at its level-2 headings, each part rendered on its own; the ids come from
 * rendering the whole body, so they are unique and match what a link to the heading expects.
 */
export function splitSections(file: string, body: string, lang: (typeof LANG_KEYS)[number]): { id: string; title: string; html: string }[] {
  const whole = renderMarkdown(body, lang, file);
  const headings = whole.toc.filter((e) => e.depth === 2);
  const parts = body.split(/^## +/m).slice(1);
  if (parts.length < 2 || parts.length !== headings.length) throw new Error(`${file}: the body must be at least two sections, each starting with "## "`);
  if (body.split(/^## +/m)[0]!.trim() !== "") throw new Error(`${file}: text before the first "## " heading`);
  return parts.map((part, i) => {
    const newline = part.indexOf("\n");
    const content = newline === -1 ? "" : part.slice(newline + 1);
    if (!content.trim()) throw new Error(`${file}: section "${headings[i]!.text}" is empty`);
    return { id: headings[i]!.id, title: headings[i]!.text, html: renderMarkdown(content, lang, file).html };
  });
}

export async function importUseCases(db: Database): Promise<void> {
  const { data } = readYaml(path.join(CONTENT_DIR, "use-cases.yaml"), UseCasesFile);
  const entries: { kind: UseCaseKind; dir: string; slug: string; tags: string[]; apps: string[]; drawing: string }[] = [
    ...data.scenarios.map((s) => ({ kind: "scenario" as const, dir: "use-cases", slug: s.slug, tags: s.tags, apps: [], drawing: s.drawing })),
    ...data.solutions.map((s) => ({ kind: "solution" as const, dir: "solutions", slug: s.slug, tags: s.tags, apps: s.apps, drawing: s.drawing })),
  ];
  for (const [sort, entry] of entries.entries()) {
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO use_cases (kind, slug, sort, tags, apps, drawing)
      VALUES (${entry.kind}, ${entry.slug}, ${sort}, ${JSON.stringify(entry.tags)}::jsonb, ${JSON.stringify(entry.apps)}::jsonb, ${entry.drawing})
      ON CONFLICT (slug) DO UPDATE SET kind = excluded.kind, sort = excluded.sort, tags = excluded.tags, apps = excluded.apps, drawing = excluded.drawing
      RETURNING id`);
    const id = rows[0]!.id;
    for (const lang of LANG_KEYS) {
      const found = markdownFiles(path.join(CONTENT_DIR, entry.dir, lang)).find((f) => f.key === entry.slug);
      if (!found) continue;
      const { hash, front, body } = parseContentFile(found.file, contentFs.readFileSync(found.file, "utf8"), UseCaseFrontMatter);
      const sections = splitSections(found.file, body, lang);
      await db.execute(sql`
        INSERT INTO use_case_translations (use_case_id, lang, title, summary, seo_description, features, sections, updated_at, source_hash)
        VALUES (${id}, ${lang}, ${front.title}, ${front.summary}, ${front.seo_description}, ${JSON.stringify(front.features)}::jsonb,
                ${JSON.stringify(sections)}::jsonb, ${front.updated_at.toISOString()}, ${hash})
        ON CONFLICT (use_case_id, lang) DO UPDATE SET title = excluded.title, summary = excluded.summary,
          seo_description = excluded.seo_description, features = excluded.features, sections = excluded.sections,
          updated_at = excluded.updated_at, source_hash = excluded.source_hash
        WHERE use_case_translations.source_hash <> excluded.source_hash`);
    }
  }
  // A file that names a page the list does not have is an error, not a page nobody can reach.
  for (const dir of ["use-cases", "solutions"]) {
    for (const lang of LANG_KEYS) {
      for (const f of markdownFiles(path.join(CONTENT_DIR, dir, lang))) {
        if (!entries.some((e) => e.dir === dir && e.slug === f.key)) throw new Error(`${f.file}: "${f.key}" is not listed in content/use-cases.yaml`);
      }
    }
  }
}

// ---- partners ------------------------------------------------------------------------------

export const PartnersFile = z.object({
  types: z.array(slug).min(1),
  regions: z.array(slug).min(1),
  partners: z.array(
    z.object({
      id: z.number().int().min(1).max(2_147_483_647),
      slug,
      name: text,
      type: slug,
      regions: z.array(slug).min(1),
      website: z.string().regex(/^https:\/\/[^\s"<>]+$/),
      logo: z.string().regex(/^\/images\/partners\/[\w.-]+\.(svg|png|webp)$/),
    }),
  ),
});

export const PartnerTextsFile = z.object({
  types: z.record(slug, text),
  regions: z.record(slug, text),
  partners: z.record(slug, z.object({ summary: text, description: text, services: z.array(text).min(1).max(8), offer: text })),
});

export async function importPartners(db: Database): Promise<void> {
  const file = path.join(CONTENT_DIR, "partners.yaml");
  const { data } = readYaml(file, PartnersFile);
  const typeIds = new Map<string, number>();
  const regionIds = new Map<string, number>();
  for (const [sort, s] of data.types.entries()) {
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO partner_types (slug, sort) VALUES (${s}, ${sort}) ON CONFLICT (slug) DO UPDATE SET sort = excluded.sort RETURNING id`);
    typeIds.set(s, rows[0]!.id);
  }
  for (const [sort, s] of data.regions.entries()) {
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO partner_regions (slug, sort) VALUES (${s}, ${sort}) ON CONFLICT (slug) DO UPDATE SET sort = excluded.sort RETURNING id`);
    regionIds.set(s, rows[0]!.id);
  }
  for (const [sort, p] of data.partners.entries()) {
    const typeId = typeIds.get(p.type);
    if (!typeId) throw new Error(`${file}: partner "${p.slug}" has an unknown type "${p.type}"`);
    const regions = p.regions.map((r) => regionIds.get(r) ?? Number.NaN);
    if (regions.some(Number.isNaN)) throw new Error(`${file}: partner "${p.slug}" has an unknown region`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO partners (id, slug, name, type_id, website, logo, sort)
        VALUES (${p.id}, ${p.slug}, ${p.name}, ${typeId}, ${p.website}, ${p.logo}, ${sort})
        ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, name = excluded.name, type_id = excluded.type_id,
          website = excluded.website, logo = excluded.logo, sort = excluded.sort`);
      await tx.execute(sql`DELETE FROM partner_region_links WHERE partner_id = ${p.id}`);
      for (const regionId of regions) await tx.execute(sql`INSERT INTO partner_region_links (partner_id, region_id) VALUES (${p.id}, ${regionId})`);
    });
  }
  for (const f of perLanguage("partners", PartnerTextsFile)) {
    const where = `content/partners/${f.lang}.yaml`;
    for (const [s, name] of Object.entries(f.data.types)) {
      if (!typeIds.has(s)) throw new Error(`${where}: type "${s}" is not in content/partners.yaml`);
      await db.execute(sql`
        INSERT INTO partner_type_translations (type_id, lang, name) VALUES (${typeIds.get(s)!}, ${f.lang}, ${name})
        ON CONFLICT (type_id, lang) DO UPDATE SET name = excluded.name`);
    }
    for (const [s, name] of Object.entries(f.data.regions)) {
      if (!regionIds.has(s)) throw new Error(`${where}: region "${s}" is not in content/partners.yaml`);
      await db.execute(sql`
        INSERT INTO partner_region_translations (region_id, lang, name) VALUES (${regionIds.get(s)!}, ${f.lang}, ${name})
        ON CONFLICT (region_id, lang) DO UPDATE SET name = excluded.name`);
    }
    for (const [s, words] of Object.entries(f.data.partners)) {
      const partner = data.partners.find((p) => p.slug === s);
      if (!partner) throw new Error(`${where}: partner "${s}" is not in content/partners.yaml`);
      await db.execute(sql`
        INSERT INTO partner_translations (partner_id, lang, summary, description_html, services, offer)
        VALUES (${partner.id}, ${f.lang}, ${words.summary}, ${renderMarkdown(words.description, f.lang, where).html},
                ${JSON.stringify(words.services)}::jsonb, ${words.offer})
        ON CONFLICT (partner_id, lang) DO UPDATE SET summary = excluded.summary, description_html = excluded.description_html,
          services = excluded.services, offer = excluded.offer, updated_at = now()
        WHERE (partner_translations.summary, partner_translations.description_html, partner_translations.services, partner_translations.offer)
          IS DISTINCT FROM (excluded.summary, excluded.description_html, excluded.services, excluded.offer)`);
    }
  }
}

// ---- partner programme and referral programme ------------------------------------------------

const titled = z.object({ title: text, text });

export const PartnerPlanFile = z.object({
  intro: text,
  benefits: z.array(titled).min(3).max(6),
  audiences: z.array(titled).min(3).max(8),
  steps: z.array(titled).length(3),
  faq: z.array(z.object({ question: text, answer: text })).min(1),
});

export const ReferralConfigFile = z.object({
  commission_percent: z.number().int().min(1).max(100),
  cookie_days: z.number().int().min(1).max(365),
  payout_methods: z.array(z.object({ key: slug, langs: z.array(z.enum(LANG_KEYS)).optional() })).min(1),
  examples: z.array(z.object({ plan: z.enum(PLAN_KEYS), profiles: z.number().int().positive(), billing: z.enum(["monthly", "yearly"]) })).min(1),
});

export const ReferralTextsFile = z.object({
  intro: text,
  steps: z.array(titled).length(4),
  payout_methods: z.record(slug, z.object({ name: text, text })),
  terms: z.array(text).min(1),
  faq: z.array(z.object({ question: text, answer: text })).min(1),
});

async function importProgrammes(db: Database): Promise<void> {
  const config = readYaml(path.join(CONTENT_DIR, "referral.yaml"), ReferralConfigFile);
  await storePageText(db, "referral-config", DEFAULT_LANG, config.data, config.hash);
  for (const f of perLanguage("referral", ReferralTextsFile)) {
    const missing = config.data.payout_methods.find((m) => !f.data.payout_methods[m.key]);
    if (missing) throw new Error(`content/referral/${f.lang}.yaml: payout method "${missing.key}" has no words`);
    await storePageText(db, "referral", f.lang, f.data, f.hash);
  }
  for (const f of perLanguage("partner-plan", PartnerPlanFile)) await storePageText(db, "partner-plan", f.lang, f.data, f.hash);
}

/** Everything the growth pages read, in dependency order. */
export async function importGrowthContent(db: Database, logger: Logger): Promise<void> {
  await importUseCases(db);
  await importPartners(db);
  await importProgrammes(db);
  logger.info("use cases, partners and programmes imported");
}
