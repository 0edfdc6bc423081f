import { sql, type SQL } from "drizzle-orm";
import { DEFAULT_LANG, LANG_KEYS, type LangKey } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import type { ArticleSummary, Named } from "~/lib/article-types";
import type { ArticleType } from "../db/schema";
import { likePattern } from "../db/search.server";
import { listCategories } from "./categories.server";

export interface ArticleDetail extends ArticleSummary {
  type: ArticleType;
  lang: LangKey;
  key: string;
  content: string;
  toc: { id: string; text: string; depth: number }[];
  updated_at: string;
  seo_title: string;
  seo_keywords: string;
  seo_description: string;
  prev: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
  latest: ArticleSummary[];
  preview: boolean;
  /** The same article in other languages, for hreflang alternates. */
  translations: { lang: LangKey; id: number }[];
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Shared SELECT for summaries: names of category and tags in the article's language, English as fallback. */
const SUMMARY_COLUMNS = sql`
  a.id, a.title, a.summary, a.cover, a.author, a.reads,
  json_build_object('slug', c.slug, 'name', COALESCE(ct.name, cd.name, c.slug)) AS category,
  COALESCE((
    SELECT json_agg(json_build_object('slug', t.slug, 'name', COALESCE(tt.name, td.name, t.slug)) ORDER BY t.slug)
    FROM article_tags at JOIN tags t ON t.id = at.tag_id
    LEFT JOIN tag_translations tt ON tt.tag_id = t.id AND tt.lang = a.lang
    LEFT JOIN tag_translations td ON td.tag_id = t.id AND td.lang = ${DEFAULT_LANG}
    WHERE at.article_id = a.id), '[]'::json) AS tags,
  to_char(a.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at`;

const SUMMARY_FROM = sql`
  FROM articles a
  JOIN categories c ON c.id = a.category_id
  LEFT JOIN category_translations ct ON ct.category_id = c.id AND ct.lang = a.lang
  LEFT JOIN category_translations cd ON cd.category_id = c.id AND cd.lang = ${DEFAULT_LANG}`;

const PUBLISHED = sql`a.status = 'published' AND a.published_at <= now()`;


export interface ListQuery {
  type: ArticleType;
  lang: LangKey;
  category?: string;
  tag?: string;
  keyword?: string;
  page: number;
  pageSize: number;
}

/**
 * Published articles, newest first; with a keyword, matched in title, summary and body in any
 * script (pg_trgm-indexed ILIKE: no word splitting, so Chinese, Japanese and Thai work), ranked
 * title matches first.
 */
export async function listArticles(db: Database, q: ListQuery): Promise<Page<ArticleSummary>> {
  const filters: SQL[] = [sql`a.type = ${q.type}`, sql`a.lang = ${q.lang}`, PUBLISHED];
  if (q.category) filters.push(sql`c.slug = ${q.category}`);
  if (q.tag) filters.push(sql`EXISTS (SELECT 1 FROM article_tags at JOIN tags t ON t.id = at.tag_id WHERE at.article_id = a.id AND t.slug = ${q.tag})`);
  let order = sql`a.published_at DESC, a.id DESC`;
  if (q.keyword) {
    const pattern = likePattern(q.keyword);
    filters.push(sql`a.search_text ILIKE ${pattern}`);
    order = sql`(a.title ILIKE ${pattern}) DESC, (a.summary ILIKE ${pattern}) DESC, a.published_at DESC, a.id DESC`;
  }
  const where = sql.join(filters, sql` AND `);
  const offset = (q.page - 1) * q.pageSize;
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute<ArticleSummary & Record<string, unknown>>(sql`SELECT ${SUMMARY_COLUMNS} ${SUMMARY_FROM} WHERE ${where} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${offset}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total ${SUMMARY_FROM} WHERE ${where}`),
  ]);
  return { list: rows, total: count[0]!.total, page: q.page, page_size: q.pageSize };
}

/** Categories of a type with the number of published articles in the language. */
export async function listArticleCategories(db: Database, type: ArticleType, lang: LangKey): Promise<(Named & { count: number })[]> {
  return (await listCategories(db, type, lang)).map(({ slug, name, count }) => ({ slug, name, count }));
}

/** Tags used by published articles of a type in the language (optionally within one category). */
export async function listArticleTags(
  db: Database,
  type: ArticleType,
  lang: LangKey,
  category?: string,
): Promise<(Named & { count: number })[]> {
  const { rows } = await db.execute<Named & { count: number }>(sql`
    SELECT t.slug, COALESCE(tt.name, td.name, t.slug) AS name, count(*)::int AS count
    FROM articles a
    JOIN categories c ON c.id = a.category_id
    JOIN article_tags at ON at.article_id = a.id
    JOIN tags t ON t.id = at.tag_id
    LEFT JOIN tag_translations tt ON tt.tag_id = t.id AND tt.lang = ${lang}
    LEFT JOIN tag_translations td ON td.tag_id = t.id AND td.lang = ${DEFAULT_LANG}
    WHERE a.type = ${type} AND a.lang = ${lang} AND ${PUBLISHED} ${category ? sql`AND c.slug = ${category}` : sql``}
    GROUP BY t.slug, tt.name, td.name
    ORDER BY count(*) DESC, t.slug`);
  return rows;
}

/**
 * The languages in which a list page exists (answers 200), for its hreflang alternates: page 1
 * of a section or category exists in every language (an empty list says so); a tag page only
 * where articles carry the tag; page N only where there are more than N-1 pages' worth.
 */
export async function listPageLanguages(
  db: Database,
  q: { type: ArticleType; category?: string; tag?: string; page: number; pageSize: number },
): Promise<LangKey[]> {
  if (q.page === 1 && !q.tag) return [...LANG_KEYS];
  const { rows } = await db.execute<{ lang: LangKey; n: number }>(sql`
    SELECT a.lang, count(*)::int AS n
    FROM articles a JOIN categories c ON c.id = a.category_id
    WHERE a.type = ${q.type} AND ${PUBLISHED}
      ${q.category ? sql`AND c.slug = ${q.category}` : sql``}
      ${q.tag ? sql`AND EXISTS (SELECT 1 FROM article_tags at JOIN tags t ON t.id = at.tag_id WHERE at.article_id = a.id AND t.slug = ${q.tag})` : sql``}
    GROUP BY a.lang`);
  const counts = new Map(rows.map((r) => [r.lang, r.n]));
  const needed = Math.max(1, (q.page - 1) * q.pageSize + 1);
  return LANG_KEYS.filter((lang) => (counts.get(lang) ?? 0) >= needed);
}

export async function latestArticles(db: Database, type: ArticleType, lang: LangKey, limit = 5, excludeId = 0): Promise<ArticleSummary[]> {
  const { rows } = await db.execute<ArticleSummary & Record<string, unknown>>(sql`
    SELECT ${SUMMARY_COLUMNS} ${SUMMARY_FROM}
    WHERE a.type = ${type} AND a.lang = ${lang} AND ${PUBLISHED} AND a.id <> ${excludeId}
    ORDER BY a.published_at DESC, a.id DESC LIMIT ${limit}`);
  return rows;
}

/**
 * One article with its neighbours. Unpublished articles are returned only with `preview`
 * (a valid preview token, checked by the caller); otherwise they do not exist.
 */
export async function getArticle(db: Database, id: number, options: { preview?: boolean } = {}): Promise<ArticleDetail | null> {
  const { rows } = await db.execute<Omit<ArticleDetail, "prev" | "next" | "latest" | "preview" | "translations"> & Record<string, unknown>>(sql`
    SELECT ${SUMMARY_COLUMNS}, a.type, a.lang, a.key, a.content_html AS content, a.toc, a.status,
           to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
           a.seo_title, a.seo_keywords, a.seo_description, (${PUBLISHED}) AS is_published
    ${SUMMARY_FROM} WHERE a.id = ${id}`);
  const row = rows[0] as (typeof rows)[number] & { is_published: boolean; status: string };
  if (!row) return null;
  if (!row.is_published && !options.preview) return null;
  const { is_published, status: _status, ...article } = row;
  const neighbour = (direction: "prev" | "next") =>
    db.execute<{ id: number; title: string }>(sql`
      SELECT id, title FROM articles a
      WHERE a.type = ${article.type} AND a.lang = ${article.lang} AND ${PUBLISHED}
        AND ${direction === "prev"
          ? sql`(a.published_at, a.id) < (${article.published_at}::timestamptz, ${article.id})`
          : sql`(a.published_at, a.id) > (${article.published_at}::timestamptz, ${article.id})`}
      ORDER BY ${direction === "prev" ? sql`a.published_at DESC, a.id DESC` : sql`a.published_at ASC, a.id ASC`}
      LIMIT 1`);
  const [prev, next, latest, translations] = await Promise.all([
    neighbour("prev"),
    neighbour("next"),
    latestArticles(db, article.type, article.lang, 5, article.id),
    db.execute<{ lang: LangKey; id: number }>(sql`
      SELECT a.lang, a.id FROM articles a WHERE a.type = ${article.type} AND a.key = ${article.key} AND ${PUBLISHED}`),
  ]);
  return {
    ...article,
    prev: prev.rows[0] ?? null,
    next: next.rows[0] ?? null,
    latest,
    preview: !is_published,
    translations: translations.rows,
  };
}

/** Articles of the same type and language, most shared tags first, then same category, then newest. */
export async function relatedArticles(db: Database, id: number, limit = 4): Promise<ArticleSummary[]> {
  const { rows } = await db.execute<ArticleSummary & Record<string, unknown>>(sql`
    WITH base AS (SELECT id, type, lang, category_id FROM articles WHERE id = ${id})
    SELECT ${SUMMARY_COLUMNS} ${SUMMARY_FROM}, base
    WHERE a.type = base.type AND a.lang = base.lang AND a.id <> base.id AND ${PUBLISHED}
    ORDER BY (SELECT count(*) FROM article_tags x JOIN article_tags y ON y.tag_id = x.tag_id
              WHERE x.article_id = a.id AND y.article_id = base.id) DESC,
             (a.category_id = base.category_id) DESC, a.published_at DESC, a.id DESC
    LIMIT ${limit}`);
  return rows;
}

/** The one place a read is counted: once per visitor per article per day, in one statement. */
export async function recordRead(db: Database, articleId: number, visitorHash: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`
    WITH counted AS (
      INSERT INTO article_reads (article_id, visitor_hash, day)
      SELECT ${articleId}, ${visitorHash}, (now() AT TIME ZONE 'UTC')::date
      WHERE EXISTS (SELECT 1 FROM articles WHERE id = ${articleId})
      ON CONFLICT DO NOTHING
      RETURNING article_id)
    UPDATE articles SET reads = reads + 1 WHERE id IN (SELECT article_id FROM counted) RETURNING id`);
  return rows.length > 0;
}

/** Blog articles of a language that carry any of the tags, most matching tags first, then newest. */
export async function articlesWithTags(db: Database, lang: LangKey, tagSlugs: readonly string[], limit = 3): Promise<ArticleSummary[]> {
  if (tagSlugs.length === 0) return [];
  const wanted = sql.join(
    tagSlugs.map((s) => sql`${s}`),
    sql`, `,
  );
  const { rows } = await db.execute<ArticleSummary & { matches: number } & Record<string, unknown>>(sql`
    SELECT * FROM (
      SELECT ${SUMMARY_COLUMNS},
             (SELECT count(*) FROM article_tags x JOIN tags t ON t.id = x.tag_id WHERE x.article_id = a.id AND t.slug IN (${wanted}))::int AS matches
      ${SUMMARY_FROM}
      WHERE a.type = 'blog' AND a.lang = ${lang} AND ${PUBLISHED}) ranked
    WHERE matches > 0
    ORDER BY matches DESC, published_at DESC, id DESC
    LIMIT ${limit}`);
  return rows.map(({ matches: _m, ...article }) => article as ArticleSummary);
}

/** The newest published articles of a type in a language with their full HTML, for feeds. */
export async function feedArticles(db: Database, type: ArticleType, lang: LangKey, limit = 20) {
  const { rows } = await db.execute<{ id: number; title: string; summary: string; content: string; author: string; cover: string | null; published_at: Date; updated_at: Date; category: string }>(sql`
    SELECT a.id, a.title, a.summary, a.content_html AS content, a.author, a.cover, a.published_at, a.updated_at,
           COALESCE(ct.name, cd.name, c.slug) AS category
    ${SUMMARY_FROM}
    WHERE a.type = ${type} AND a.lang = ${lang} AND ${PUBLISHED}
    ORDER BY a.published_at DESC, a.id DESC LIMIT ${limit}`);
  return rows;
}
