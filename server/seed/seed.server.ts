/**
 * Loads the demo content from content/ into PostgreSQL. Idempotent: languages are synced from
 * the code's list; content rows are inserted only where missing, so edits made by editors in the
 * database survive restarts. `overwrite` (npm run db:seed -- --overwrite) resets them to the files.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { LANGUAGES, LANG_KEYS } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import { categories, categoryTranslations, languages, siteSettings, tags, tagTranslations, CATEGORY_TYPES } from "../db/schema";
import { importArticles } from "../content/import.server";
import type { Logger } from "../logger.server";
import { CONTENT_DIR } from "../paths.server";
import { RESERVED_SEGMENTS } from "~/lib/page-paths";

/** A tag's slug is the last segment of a tag page's path: it must not be a page's own segment. */
const TagSlug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .refine((slug) => !RESERVED_SEGMENTS.has(slug), { message: "is a page's path segment; tag pages with it would be unreachable" });

const TagsFile = z.array(
  z.object({
    slug: TagSlug,
    names: z.record(z.enum(LANG_KEYS), z.string().min(1)),
  }),
);

const SiteSettingsFile = z.object({
  title: z.string().min(1),
  keywords: z.string(),
  description: z.string(),
  statistical_title: z.string().optional(),
  statistical_body: z.string().optional(),
});

const CategoriesFile = z.array(
  z.object({
    type: z.enum(CATEGORY_TYPES),
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    sort: z.number().int(),
    parent: z.string().optional(),
    names: z.record(z.enum(LANG_KEYS), z.string().min(1)),
  }),
);

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const full = path.join(CONTENT_DIR, file);
  const parsed = schema.safeParse(JSON.parse(fs.readFileSync(full, "utf8")));
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const shown = issues.slice(0, 5).map((i) => `  ${i.path.join(".")}: ${i.message}`);
    if (issues.length > shown.length) shown.push(`  …and ${issues.length - shown.length} more`);
    throw new Error(`content/${file} is invalid:\n${shown.join("\n")}`);
  }
  return parsed.data;
}

export interface SeedOptions {
  overwrite?: boolean;
}

export async function seedDatabase(db: Database, logger: Logger, options: SeedOptions = {}): Promise<void> {
  const categoryFile = readJson("categories.json", CategoriesFile);
  const tagFile = readJson("tags.json", TagsFile);
  const siteFiles = LANG_KEYS.map((lang) => ({ lang, data: readJson(`site/${lang}.json`, SiteSettingsFile) }));

  await db.transaction(async (tx) => {
    await tx
      .insert(languages)
      .values(LANGUAGES.map((l, sort) => ({ key: l.key, tag: l.tag, nativeName: l.nativeName, dir: l.dir, sort })))
      .onConflictDoUpdate({
        target: languages.key,
        set: { tag: sql`excluded.tag`, nativeName: sql`excluded.native_name`, dir: sql`excluded.dir`, sort: sql`excluded.sort` },
      });

    const settingsRows = siteFiles.map(({ lang, data }) => ({
      page: "home",
      lang,
      title: data.title,
      keywords: data.keywords,
      description: data.description,
      statisticalTitle: data.statistical_title ?? "",
      statisticalBody: data.statistical_body ?? "",
    }));
    const settingsInsert = tx.insert(siteSettings).values(settingsRows);
    await (options.overwrite
      ? settingsInsert.onConflictDoUpdate({
          target: [siteSettings.page, siteSettings.lang],
          set: {
            title: sql`excluded.title`,
            keywords: sql`excluded.keywords`,
            description: sql`excluded.description`,
            statisticalTitle: sql`excluded.statistical_title`,
            statisticalBody: sql`excluded.statistical_body`,
            updatedAt: sql`now()`,
          },
        })
      : settingsInsert.onConflictDoNothing());

    for (const entry of categoryFile) {
      // Upsert by the natural key (type, slug) and get the id back either way.
      const [row] = await tx
        .insert(categories)
        .values({ type: entry.type, slug: entry.slug, sort: entry.sort })
        .onConflictDoUpdate({
          target: [categories.type, categories.slug],
          set: options.overwrite ? { sort: entry.sort } : { slug: sql`categories.slug` },
        })
        .returning({ id: categories.id });
      const names = Object.entries(entry.names).map(([lang, name]) => ({ categoryId: row!.id, lang, name }));
      const namesInsert = tx.insert(categoryTranslations).values(names);
      await (options.overwrite
        ? namesInsert.onConflictDoUpdate({
            target: [categoryTranslations.categoryId, categoryTranslations.lang],
            set: { name: sql`excluded.name` },
          })
        : namesInsert.onConflictDoNothing());
    }
    for (const entry of tagFile) {
      const [row] = await tx
        .insert(tags)
        .values({ slug: entry.slug })
        .onConflictDoUpdate({ target: tags.slug, set: { slug: sql`tags.slug` } })
        .returning({ id: tags.id });
      const names = tx
        .insert(tagTranslations)
        .values(Object.entries(entry.names).map(([lang, name]) => ({ tagId: row!.id, lang, name })));
      await (options.overwrite
        ? names.onConflictDoUpdate({ target: [tagTranslations.tagId, tagTranslations.lang], set: { name: sql`excluded.name` } })
        : names.onConflictDoNothing());
    }
    for (const entry of categoryFile.filter((c) => c.parent)) {
      await tx.execute(sql`
        UPDATE categories c SET parent_id = p.id
        FROM categories p
        WHERE c.type = ${entry.type} AND c.slug = ${entry.slug} AND p.type = ${entry.type} AND p.slug = ${entry.parent!}`);
    }
  });
  await importArticles(db, logger);
  logger.info({ categories: categoryFile.length, tags: tagFile.length, languages: LANGUAGES.length }, "demo content is loaded");
}
