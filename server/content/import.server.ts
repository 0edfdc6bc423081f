/**
 * Imports content/articles/<lang>/<type>/<key>.md into PostgreSQL. New files are inserted (with
 * their seed comments); changed files (by content hash) update their article; comments and
 * reads counts are never touched. Runs at start-up (seed) and as `npm run content:import`.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { LANG_KEYS, isLangKey } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import { ARTICLE_TYPES } from "../db/schema";
import type { Logger } from "../logger.server";
import { CONTENT_DIR } from "../paths.server";
import { renderMarkdown } from "./markdown.server";

const ARTICLES_DIR = path.join(CONTENT_DIR, "articles");
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const day = z.union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]).transform((v) => (typeof v === "string" ? new Date(`${v}T08:00:00Z`) : v));

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
  seo_title: z.string().max(200).optional(),
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

export function parseArticleFile(file: string, source: string): Omit<ArticleFile, "file" | "lang" | "type" | "key"> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: no front matter`);
  let yaml: unknown;
  try {
    yaml = parseYaml(match[1]!);
  } catch (err) {
    throw new Error(`${file}: front matter is not valid YAML (${(err as Error).message.split("\n")[0]})`);
  }
  const parsed = FrontMatter.safeParse(yaml);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return { hash: createHash("sha256").update(source).digest("hex"), front: parsed.data, body: match[2]! };
}

export function readArticleFiles(root = ARTICLES_DIR): ArticleFile[] {
  const files: ArticleFile[] = [];
  if (!fs.existsSync(root)) return files;
  for (const lang of fs.readdirSync(root)) {
    if (!isLangKey(lang)) continue;
    for (const type of ARTICLE_TYPES) {
      const dir = path.join(root, lang, type);
      if (!fs.existsSync(dir)) continue;
      for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".md")).sort()) {
        const file = path.join(dir, name);
        const key = name.slice(0, -3);
        if (!slug.safeParse(key).success) throw new Error(`${file}: the file name must be a lowercase-hyphen key`);
        files.push({ file, lang, type, key, ...parseArticleFile(file, fs.readFileSync(file, "utf8")) });
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
    const rendered = renderMarkdown(f.body);
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
