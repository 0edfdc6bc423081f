/**
 * Imports people's content into PostgreSQL with one set of rules: Markdown with YAML front
 * matter, one file per language version, keyed by file name; new files are inserted, changed
 * files (by content hash) update their row, unchanged ones are left alone, and what visitors
 * made (comments, reads, views, votes) is never touched.
 * - content/articles/<lang>/<type>/<key>.md → articles (blog, news), with seed comments once;
 * - content/help/<lang>/<key>.md → help_articles.
 * Runs at start-up (seed) and as `npm run content:import`.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { LANG_KEYS, isLangKey } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import { ARTICLE_TYPES } from "../db/schema";
import type { Logger } from "../logger.server";
import { CONTENT_DIR } from "../paths.server";
import { contentFs } from "./content-files.server";
import { renderMarkdown } from "./markdown.server";
import { SITE_NAME, TITLE_SEPARATOR } from "~/lib/site";

const ARTICLES_DIR = path.join(CONTENT_DIR, "articles");
const HELP_DIR = path.join(CONTENT_DIR, "help");
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
/** A day (08:00 UTC, morning in Asia and Europe) or an exact ISO 8601 time with its zone (what the staff editor writes). */
const day = z.union([
  z.date(),
  z.iso.datetime({ offset: true }).transform((v) => new Date(v)),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .transform((v) => new Date(`${v}T08:00:00Z`)),
]);

/**
 * A page title without the brand: every page's title is "its own title | Facet Browser"
 * (app/lib/meta/meta.ts), so a title that ends with the brand would show it twice.
 */
const seoTitle = z
  .string()
  .max(200)
  .refine((t) => !new RegExp(`[|｜\\-–—:·]\\s*${SITE_NAME}\\s*$`, "i").test(t), {
    message: `must not end with "${TITLE_SEPARATOR.trim()} ${SITE_NAME}": the site appends the brand to every title`,
  })
  .optional();

export const FrontMatter = z.object({
  title: z.string().min(1).max(200),
  summary: z.string().max(500).default(""),
  category: slug,
  tags: z.array(slug).max(10).default([]),
  author: z.string().min(1).max(100),
  published_at: day,
  updated_at: day.optional(),
  status: z.enum(["published", "draft"]).default("published"),
  cover: z.string().regex(/^\/images\/[\w./-]+\.(png|jpe?g|webp)$/).optional(),
  seo_title: seoTitle,
  seo_keywords: z.string().max(300).optional(),
  seo_description: z.string().max(500).optional(),
  comments: z
    .array(z.object({ name: z.string().min(1).max(50), content: z.string().min(1).max(1000), popular: z.boolean().default(false) }))
    .default([]),
});

export interface ArticleFile {
  file: string;
  lang: (typeof LANG_KEYS)[number];
  type: (typeof ARTICLE_TYPES)[number];
  key: string;
  hash: string;
  front: z.infer<typeof FrontMatter>;
  body: string;
}

export const HelpFrontMatter = z.object({
  title: z.string().min(1).max(200),
  summary: z.string().max(500).default(""),
  category: slug,
  author: z.string().min(1).max(100),
  updated_at: day,
  sort: z.number().int().min(0).max(10_000).default(0),
  status: z.enum(["published", "draft"]).default("published"),
  seo_title: seoTitle,
  seo_keywords: z.string().max(300).optional(),
  seo_description: z.string().max(500).optional(),
});

/** Splits a content file into validated front matter and Markdown body; errors name the file. */
export function parseContentFile<S extends z.ZodType>(file: string, source: string, schema: S): { hash: string; front: z.output<S>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: no front matter`);
  let yaml: unknown;
  try {
    yaml = parseYaml(match[1]!);
  } catch (err) {
    throw new Error(`${file}: front matter is not valid YAML (${(err as Error).message.split("\n")[0]})`);
  }
  const parsed = schema.safeParse(yaml);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return { hash: createHash("sha256").update(source).digest("hex"), front: parsed.data, body: match[2]! };
}

export function parseArticleFile(file: string, source: string): Omit<ArticleFile, "file" | "lang" | "type" | "key"> {
  return parseContentFile(file, source, FrontMatter);
}

/** The Markdown files of one folder, sorted, each with its key (the file name, a lowercase-hyphen slug). */
export function markdownFiles(dir: string): { file: string; key: string }[] {
  if (!contentFs.existsSync(dir)) return [];
  return contentFs
    .readdirSync(dir)
    .filter((n) => n.endsWith(".md"))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const key = name.slice(0, -3);
      if (!slug.safeParse(key).success) throw new Error(`${file}: the file name must be a lowercase-hyphen key`);
      return { file, key };
    });
}

export function readArticleFiles(root = ARTICLES_DIR): ArticleFile[] {
  const files: ArticleFile[] = [];
  if (!contentFs.existsSync(root)) return files;
  for (const lang of contentFs.readdirSync(root)) {
    if (!isLangKey(lang)) continue;
    for (const type of ARTICLE_TYPES) {
      for (const { file, key } of markdownFiles(path.join(root, lang, type))) {
        files.push({ file, lang, type, key, ...parseArticleFile(file, contentFs.readFileSync(file, "utf8")) });
      }
    }
  }
  return files;
}

export interface ImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

export async function importArticles(db: Database, logger: Logger, files = readArticleFiles()): Promise<ImportResult> {
  const result: ImportResult = { inserted: 0, updated: 0, unchanged: 0 };
  for (const f of files) {
    const rendered = renderMarkdown(f.body, f.lang, f.file);
    const front = f.front;
    await db.transaction(async (tx) => {
      const category = await tx.execute<{ id: number }>(sql`SELECT id FROM categories WHERE type = ${f.type} AND slug = ${front.category}`);
      if (!category.rows[0]) throw new Error(`${f.file}: unknown ${f.type} category "${front.category}"`);
      const searchText = [front.title, front.summary, rendered.text].join("\n");
      const { rows } = await tx.execute<{ id: number; inserted: boolean }>(sql`
        INSERT INTO articles (type, lang, key, category_id, title, summary, content_html, toc, search_text, cover, author,
                              status, published_at, updated_at, seo_title, seo_keywords, seo_description, source_hash)
        VALUES (${f.type}, ${f.lang}, ${f.key}, ${category.rows[0].id}, ${front.title}, ${front.summary}, ${rendered.html},
                ${JSON.stringify(rendered.toc)}::jsonb, ${searchText}, ${front.cover ?? null}, ${front.author}, ${front.status},
                ${front.published_at.toISOString()}, ${(front.updated_at ?? front.published_at).toISOString()},
                ${front.seo_title ?? ""}, ${front.seo_keywords ?? ""}, ${front.seo_description ?? ""}, ${f.hash})
        ON CONFLICT (lang, type, key) DO UPDATE SET
          category_id = excluded.category_id, title = excluded.title, summary = excluded.summary,
          content_html = excluded.content_html, toc = excluded.toc, search_text = excluded.search_text,
          cover = excluded.cover, author = excluded.author, status = excluded.status,
          published_at = excluded.published_at, updated_at = excluded.updated_at, seo_title = excluded.seo_title,
          seo_keywords = excluded.seo_keywords, seo_description = excluded.seo_description, source_hash = excluded.source_hash
        WHERE articles.source_hash <> excluded.source_hash
        RETURNING id, (xmax = 0) AS inserted`);
      const row = rows[0];
      if (!row) {
        result.unchanged++;
        return;
      }
      if (row.inserted) result.inserted++;
      else result.updated++;
      await tx.execute(sql`DELETE FROM article_tags WHERE article_id = ${row.id}`);
      for (const tag of front.tags) {
        const inserted = await tx.execute(sql`
          INSERT INTO article_tags (article_id, tag_id) SELECT ${row.id}, id FROM tags WHERE slug = ${tag} ON CONFLICT DO NOTHING RETURNING tag_id`);
        if (!inserted.rows.length && !(await tx.execute(sql`SELECT 1 FROM tags WHERE slug = ${tag}`)).rows.length) {
          throw new Error(`${f.file}: unknown tag "${tag}" (add it to content/tags.json)`);
        }
      }
      if (row.inserted) {
        // Seed comments arrive with the article, an hour apart after publication, and never again.
        for (const [i, c] of front.comments.entries()) {
          await tx.execute(sql`
            INSERT INTO comments (article_id, name, content, is_popular, created_at)
            VALUES (${row.id}, ${c.name}, ${c.content}, ${c.popular}, ${front.published_at.toISOString()}::timestamptz + ${`${i + 1} days`}::interval)`);
        }
      }
    });
  }
  logger.info(result, "articles imported");
  return result;
}

export interface HelpFile {
  file: string;
  lang: (typeof LANG_KEYS)[number];
  key: string;
  hash: string;
  front: z.infer<typeof HelpFrontMatter>;
  body: string;
}

export function readHelpFiles(root = HELP_DIR): HelpFile[] {
  const files: HelpFile[] = [];
  if (!contentFs.existsSync(root)) return files;
  for (const lang of contentFs.readdirSync(root)) {
    if (!isLangKey(lang)) continue;
    for (const { file, key } of markdownFiles(path.join(root, lang))) {
      files.push({ file, lang, key, ...parseContentFile(file, contentFs.readFileSync(file, "utf8"), HelpFrontMatter) });
    }
  }
  return files;
}

export async function importHelpArticles(db: Database, logger: Logger, files = readHelpFiles()): Promise<ImportResult> {
  const result: ImportResult = { inserted: 0, updated: 0, unchanged: 0 };
  for (const f of files) {
    const rendered = renderMarkdown(f.body, f.lang, f.file);
    const front = f.front;
    const category = await db.execute<{ id: number }>(sql`SELECT id FROM categories WHERE type = 'help' AND slug = ${front.category}`);
    if (!category.rows[0]) throw new Error(`${f.file}: unknown help category "${front.category}"`);
    const searchText = [front.title, front.summary, rendered.text].join("\n");
    const { rows } = await db.execute<{ inserted: boolean }>(sql`
      INSERT INTO help_articles (lang, key, category_id, sort, title, summary, content_html, toc, search_text, author, status,
                                 updated_at, seo_title, seo_keywords, seo_description, source_hash)
      VALUES (${f.lang}, ${f.key}, ${category.rows[0].id}, ${front.sort}, ${front.title}, ${front.summary}, ${rendered.html},
              ${JSON.stringify(rendered.toc)}::jsonb, ${searchText}, ${front.author}, ${front.status}, ${front.updated_at.toISOString()},
              ${front.seo_title ?? ""}, ${front.seo_keywords ?? ""}, ${front.seo_description ?? ""}, ${f.hash})
      ON CONFLICT (lang, key) DO UPDATE SET
        category_id = excluded.category_id, sort = excluded.sort, title = excluded.title, summary = excluded.summary,
        content_html = excluded.content_html, toc = excluded.toc, search_text = excluded.search_text, author = excluded.author,
        status = excluded.status, updated_at = excluded.updated_at, seo_title = excluded.seo_title,
        seo_keywords = excluded.seo_keywords, seo_description = excluded.seo_description, source_hash = excluded.source_hash
      WHERE help_articles.source_hash <> excluded.source_hash
      RETURNING (xmax = 0) AS inserted`);
    const row = rows[0];
    if (!row) result.unchanged++;
    else if (row.inserted) result.inserted++;
    else result.updated++;
  }
  logger.info(result, "help articles imported");
  return result;
}
