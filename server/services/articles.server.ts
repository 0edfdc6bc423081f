/**
 * Blog and news articles. Every query a page makes is bounded by what it shows, not by how many
 * articles there are (docs/decisions/0022): lists walk an index in their order and stop at the
 * page, counts come from article_counts (kept by triggers), related articles take a bounded number
 * of candidates, and a page's lists come back from one statement.
 */
import { sql, type SQL } from "drizzle-orm";
import { DEFAULT_LANG, fallbackChain, LANG_KEYS, type LangKey } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import type { ArticleSummary, CommentView, Named } from "@contracts/article-types";
import type { ArticleType } from "../db/schema";
import { executePrepared } from "../db/prepared.server";
import { wholeNumber } from "../db/sql-helpers.server";
import { search } from "./search.server";
import { categoriesQuery } from "./categories.server";
import { commentsPage, commentsPageJson, type CommentsPage, type CommentsQuery } from "./comments.server";

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
  /** A keyword search's: at least `total` matched, counting stopped at the cap (docs/decisions/0055). */
  total_capped?: boolean;
  page: number;
  page_size: number;
}

/**
 * A summary's fields, written once: as the columns of a row, and as a JSON object for the lists a
 * page loads together in one statement. Names of category and tags are in the article's language,
 * English as fallback.
 */
const SUMMARY_FIELDS: [string, SQL][] = [
  ["id", sql`a.id`],
  ["title", sql`a.title`],
  ["summary", sql`a.summary`],
  ["cover", sql`a.cover`],
  ["author", sql`a.author`],
  ["reads", sql`a.reads`],
  ["category", sql`json_build_object('slug', c.slug, 'name', COALESCE(ct.name, cd.name, c.slug))`],
  [
    "tags",
    sql`COALESCE((
      SELECT json_agg(json_build_object('slug', t.slug, 'name', COALESCE(tt.name, td.name, t.slug)) ORDER BY t.slug)
      FROM article_tags at JOIN tags t ON t.id = at.tag_id
      LEFT JOIN tag_translations tt ON tt.tag_id = t.id AND tt.lang = a.lang
      LEFT JOIN tag_translations td ON td.tag_id = t.id AND td.lang = ${DEFAULT_LANG}
      WHERE at.article_id = a.id), '[]'::json)`,
  ],
  ["published_at", sql`to_char(a.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`],
];
const SUMMARY_COLUMNS = sql.join(
  SUMMARY_FIELDS.map(([name, expr]) => sql`${expr} AS ${sql.raw(name)}`),
  sql`, `,
);
const SUMMARY_OBJECT = sql`json_build_object(${sql.join(
  SUMMARY_FIELDS.map(([name, expr]) => sql`${sql.raw(`'${name}'`)}, ${expr}`),
  sql`, `,
)})`;

const SUMMARY_JOINS = sql`
  JOIN categories c ON c.id = a.category_id
  LEFT JOIN category_translations ct ON ct.category_id = c.id AND ct.lang = a.lang
  LEFT JOIN category_translations cd ON cd.category_id = c.id AND cd.lang = ${DEFAULT_LANG}`;

const SUMMARY_FROM = sql`FROM articles a ${SUMMARY_JOINS}`;

const PUBLISHED = sql`a.status = 'published' AND a.published_at <= now()`;
/** Published with the publication time still ahead: a short range of articles_published_idx or articles_scheduled_idx. */
const SCHEDULED = sql`a.status = 'published' AND a.published_at > now()`;
const NEWEST_FIRST = sql`a.published_at DESC, a.id DESC`;

/**
 * Summaries of the articles a subquery picks, as a JSON array in its order: `ids` yields `id` and
 * `ord` (its own LIMIT keeps the work to the page), and only those rows are joined and named.
 */
const summariesJson = (ids: SQL) => sql`(
  SELECT COALESCE(json_agg(${SUMMARY_OBJECT} ORDER BY page.ord), '[]'::json)
  FROM (${ids}) page JOIN articles a ON a.id = page.id ${SUMMARY_JOINS})`;

/**
 * Ids in a listing order with their place in it, for summariesJson. The limit is written into the
 * text (wholeNumber) and there is no offset: a first page's statement is then planned once
 * (generic plan) at any size, where a LIMIT or OFFSET parameter had it planned again on every run
 * at 100,000 articles (docs/decisions/0037). Later pages take their ids first (pageIds).
 */
const orderedIds = (where: SQL, order: SQL, limit: number | SQL, join: SQL = sql``) => sql`
  SELECT a.id, row_number() OVER (ORDER BY ${order}) AS ord FROM articles a ${join}
  WHERE ${where} ORDER BY ${order} LIMIT ${typeof limit === "number" ? wholeNumber(limit) : limit}`;

async function summaries(db: Database, ids: SQL): Promise<ArticleSummary[]> {
  const { rows } = await executePrepared<{ list: ArticleSummary[] }>(db, sql`SELECT ${summariesJson(ids)} AS list`);
  return rows[0]!.list;
}

/**
 * A category by its slug, as an id: one value, so the planner walks articles_category_published_idx
 * in order. (type, slug) is unique, and an article's category always has the article's type (the
 * importer looks it up by both), so this picks exactly the articles a join on the slug would.
 */
const categoryIdOf = (type: ArticleType, slug: string) => sql`(SELECT id FROM categories WHERE type = ${type} AND slug = ${slug})`;
const tagIdOf = (slug: string) => sql`(SELECT id FROM tags WHERE slug = ${slug})`;
interface Filter {
  type: ArticleType;
  lang: LangKey;
  category?: string;
  tag?: string;
}

/**
 * A tag's published articles of a type (and category), from article_tag_listing (kept by triggers,
 * drizzle/0017) as rows `a` with article_id, lang and published_at, filtered by `where`: a tag page
 * walks the tag's own entries in its order, so it reads its page whatever share of the language the
 * tag has. (Walking the language's articles and checking each for the tag read about a page / the
 * tag's share, 5,000 buffers for a tag page at 100,000 articles; docs/decisions/0037.)
 */
const tagListing = (q: Omit<Filter, "lang"> & { tag: string }, where: SQL) => sql`
  FROM article_tag_listing a
  WHERE a.tag_id = ${tagIdOf(q.tag)} AND a.type = ${q.type}
    ${q.category ? sql`AND a.category_id = ${categoryIdOf(q.type, q.category)}` : sql``} AND ${where}`;
const TAG_NEWEST_FIRST = sql`a.published_at DESC, a.article_id DESC`;

/**
 * Published articles of a type in a language (optionally one category and one tag), from the
 * counts the triggers keep (article_counts) less the scheduled ones: no article row is counted.
 */
function publishedCount(q: Filter): SQL {
  return sql`(
    COALESCE((SELECT sum(n.published) FROM article_counts n
              WHERE n.type = ${q.type} AND n.lang = ${q.lang} AND n.tag_id = ${q.tag ? tagIdOf(q.tag) : 0}
                ${q.category ? sql`AND n.category_id = ${categoryIdOf(q.type, q.category)}` : sql``}), 0)
    - ${
      q.tag
        ? sql`(SELECT count(*) ${tagListing({ ...q, tag: q.tag }, sql`a.lang = ${q.lang} AND a.published_at > now()`)})`
        : sql`(SELECT count(*) FROM articles a
               WHERE a.type = ${q.type} AND a.lang = ${q.lang} AND ${SCHEDULED}
                 ${q.category ? sql`AND a.category_id = ${categoryIdOf(q.type, q.category)}` : sql``})`
    })::int`;
}

export interface ListQuery {
  type: ArticleType;
  lang: LangKey;
  category?: string;
  tag?: string;
  keyword?: string;
  page: number;
  pageSize: number;
}

/** A page of article ids, in its order, and its total when it is known (a search's; a listing's comes from the kept counts). */
interface Found {
  ids: number[];
  total?: number;
  totalCapped?: boolean;
}

/**
 * The ids of a listing's page after the first, in a small statement of their own (planned for its
 * offset each time, which costs little), so the page's large statement takes them as one array
 * and keeps one plan: with the offset in it, it was planned again on every run (docs/decisions/0037).
 * A deep page still skips its offset in the index.
 */
async function pageIds(db: Database, q: ListQuery): Promise<Found | undefined> {
  if (q.keyword || q.page === 1) return undefined;
  const page = sql`LIMIT ${wholeNumber(q.pageSize)} OFFSET ${(q.page - 1) * q.pageSize}`;
  const { rows } = await db.execute<{ id: number }>(
    q.tag
      ? sql`SELECT a.article_id AS id ${tagListing({ ...q, tag: q.tag }, sql`a.lang = ${q.lang} AND a.published_at <= now()`)} ORDER BY ${TAG_NEWEST_FIRST} ${page}`
      : sql`SELECT a.id FROM articles a WHERE ${listingWhere(q)} ORDER BY ${NEWEST_FIRST} ${page}`,
  );
  return { ids: rows.map((r) => r.id) };
}

/** The published articles a listing shows (type, language, and category), before its tag. */
function listingWhere(q: ListQuery): SQL {
  const filters: SQL[] = [sql`a.type = ${q.type}`, sql`a.lang = ${q.lang}`, PUBLISHED];
  if (q.category) filters.push(sql`a.category_id = ${categoryIdOf(q.type, q.category)}`);
  return sql.join(filters, sql` AND `);
}

/**
 * A keyword list is the site search (search.server.ts) scoped to the type, the category and the
 * tag, in the page's language: words in any order, word forms and typos, title matches first.
 */
async function searchArticles(db: Database, q: ListQuery): Promise<Found | undefined> {
  if (!q.keyword) return undefined;
  const where: SQL[] = [];
  if (q.category) where.push(sql`d.category_id = ${categoryIdOf(q.type, q.category)}`);
  if (q.tag) where.push(sql`EXISTS (SELECT 1 FROM article_tags at WHERE at.article_id = d.source_id AND at.tag_id = ${tagIdOf(q.tag)})`);
  const found = await search(db, {
    q: q.keyword,
    lang: q.lang,
    kinds: [q.type],
    fallback: false,
    where: where.length ? sql.join(where, sql` AND `) : undefined,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { ids: found.list.map((hit) => hit.id), total: found.total, totalCapped: found.total_capped };
}

/**
 * The page of a list (its summaries) and the list's total, as two expressions of one statement.
 * The page size is written into the text for the site's own pages; the API's, which a client
 * chooses (1-50), stays a parameter, so it cannot make fifty prepared statements of each shape.
 */
function listParts(q: ListQuery, found: Found | undefined, pageSize: number | SQL = q.pageSize): { list: SQL; total: SQL } {
  // A page's ids, when known, are joined, named and tagged; the first page takes them along the index.
  const list = found
    ? summariesJson(sql`SELECT page.id, page.ord FROM unnest(${sql.param(found.ids)}::int[]) WITH ORDINALITY AS page(id, ord)`)
    : summariesJson(q.tag ? taggedIds({ ...q, tag: q.tag }, pageSize) : orderedIds(listingWhere(q), NEWEST_FIRST, pageSize));
  return { list, total: found?.total === undefined ? publishedCount(q) : sql`${found.total}::int` };
}

/** A tag page's first ids with their places, for summariesJson. */
const taggedIds = (q: ListQuery & { tag: string }, limit: number | SQL) => sql`
  SELECT a.article_id AS id, row_number() OVER (ORDER BY ${TAG_NEWEST_FIRST}) AS ord
  ${tagListing(q, sql`a.lang = ${q.lang} AND a.published_at <= now()`)}
  ORDER BY ${TAG_NEWEST_FIRST} LIMIT ${typeof limit === "number" ? wholeNumber(limit) : limit}`;

/** A keyword list says whether its total is "at least" (a listing's is exact and says nothing). */
const cappedTotal = (q: ListQuery, found: Found | undefined) => (q.keyword ? { total_capped: found?.totalCapped ?? false } : {});

/** A listing page's ids when they are taken first: a search's, or a page's after the first. */
async function foundIds(db: Database, q: ListQuery): Promise<Found | undefined> {
  return (await searchArticles(db, q)) ?? (await pageIds(db, q));
}

/** Published articles, newest first; with a keyword, the site search's matches in its order. */
export async function listArticles(db: Database, q: ListQuery): Promise<Page<ArticleSummary>> {
  const found = await foundIds(db, q);
  const parts = listParts(q, found, sql`${q.pageSize}`);
  const { rows } = await executePrepared<{ list: ArticleSummary[]; total: number }>(db, sql`SELECT ${parts.list} AS list, ${parts.total} AS total`);
  return { list: rows[0]!.list, total: rows[0]!.total, ...cappedTotal(q, found), page: q.page, page_size: q.pageSize };
}

/** Categories of a type with the number of published articles in the language. */
export async function listArticleCategories(db: Database, type: ArticleType, lang: LangKey): Promise<(Named & { count: number })[]> {
  const { rows } = await db.execute<Named & { count: number }>(sql`SELECT c.slug, c.name, c.count FROM (${categoriesQuery(type, lang)}) c`);
  return rows;
}

/** Tags used by published articles of a type in the language (optionally within one category), from the kept counts. */
function tagsQuery(type: ArticleType, lang: LangKey, category?: string): SQL {
  const inCategory = category ? sql`AND n.category_id = ${categoryIdOf(type, category)}` : sql``;
  return sql`
    WITH scheduled AS (
      SELECT at.tag_id, count(*) AS n FROM articles a JOIN article_tags at ON at.article_id = a.id
      WHERE a.type = ${type} AND a.lang = ${lang} AND ${SCHEDULED}
        ${category ? sql`AND a.category_id = ${categoryIdOf(type, category)}` : sql``}
      GROUP BY at.tag_id),
    counted AS (
      SELECT n.tag_id, (sum(n.published) - COALESCE(max(s.n), 0))::int AS count
      FROM article_counts n LEFT JOIN scheduled s ON s.tag_id = n.tag_id
      WHERE n.type = ${type} AND n.lang = ${lang} AND n.tag_id <> 0 ${inCategory}
      GROUP BY n.tag_id),
    -- Every tag's name in the language and in English, read in one pass (not looked up tag by tag): a
    -- site with many tags shows them all here (docs/decisions/0037).
    names AS (
      SELECT tag_id, max(name) FILTER (WHERE lang = ${lang}) AS own, max(name) FILTER (WHERE lang = ${DEFAULT_LANG}) AS fallback
      FROM tag_translations WHERE lang IN (${lang}, ${DEFAULT_LANG}) GROUP BY tag_id)
    SELECT t.slug, COALESCE(nm.own, nm.fallback, t.slug) AS name, n.count
    FROM counted n JOIN tags t ON t.id = n.tag_id
    LEFT JOIN names nm ON nm.tag_id = t.id
    WHERE n.count > 0
    ORDER BY n.count DESC, t.slug`;
}

/** Tags used by published articles of a type in the language (optionally within one category). */
export async function listArticleTags(db: Database, type: ArticleType, lang: LangKey, category?: string): Promise<(Named & { count: number })[]> {
  const { rows } = await db.execute<Named & { count: number }>(tagsQuery(type, lang, category));
  return rows;
}

/** Published articles per language for a list's filter (JSON object lang → count), from the kept counts. */
function countsPerLanguage(q: { type: ArticleType; category?: string; tag?: string }): SQL {
  return sql`(
    SELECT COALESCE(json_object_agg(n.lang, n.count), '{}'::json) FROM (
      SELECT n.lang, (sum(n.published) - COALESCE(max(s.n), 0))::int AS count
      FROM article_counts n
      LEFT JOIN (
        SELECT a.lang, count(*) AS n
        ${
          q.tag
            ? tagListing({ ...q, tag: q.tag }, sql`a.published_at > now()`)
            : sql`FROM articles a WHERE a.type = ${q.type} AND ${SCHEDULED}
                    ${q.category ? sql`AND a.category_id = ${categoryIdOf(q.type, q.category)}` : sql``}`
        }
        GROUP BY a.lang) s ON s.lang = n.lang
      WHERE n.type = ${q.type} AND n.tag_id = ${q.tag ? tagIdOf(q.tag) : 0}
        ${q.category ? sql`AND n.category_id = ${categoryIdOf(q.type, q.category)}` : sql``}
      GROUP BY n.lang) n)`;
}

function languagesWithPage(counts: Record<string, number>, q: { page: number; pageSize: number }): LangKey[] {
  const needed = Math.max(1, (q.page - 1) * q.pageSize + 1);
  return LANG_KEYS.filter((lang) => (counts[lang] ?? 0) >= needed);
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
  const { rows } = await db.execute<{ counts: Record<string, number> }>(sql`SELECT ${countsPerLanguage(q)} AS counts`);
  return languagesWithPage(rows[0]!.counts, q);
}

const latestIds = (type: ArticleType | SQL, lang: LangKey | SQL, limit: number, excludeId: number | SQL) =>
  orderedIds(sql`a.type = ${type} AND a.lang = ${lang} AND ${PUBLISHED} AND a.id <> ${excludeId}`, NEWEST_FIRST, limit);

export async function latestArticles(db: Database, type: ArticleType, lang: LangKey, limit = 5, excludeId = 0): Promise<ArticleSummary[]> {
  return summaries(db, latestIds(type, lang, limit, excludeId));
}

/**
 * The newest articles a reader of `lang` can only read in another language of their fallback
 * chain (docs/decisions/0029): the blog's "more in English", each the best version of its piece.
 */
export async function untranslatedArticles(db: Database, type: ArticleType, lang: LangKey, limit: number): Promise<(ArticleSummary & { lang: LangKey })[]> {
  const chain = fallbackChain(lang);
  if (chain.length === 1) return [];
  // Per fallback language, its listing index walked newest first, skipping pieces an earlier
  // language of the chain has, until `limit` are found: bounded however many articles there are.
  const candidates = chain.slice(1).map(
    (from, i) => sql`(SELECT a.id, a.published_at FROM articles a
      WHERE a.type = ${type} AND a.lang = ${from} AND ${PUBLISHED}
        AND NOT EXISTS (SELECT 1 FROM articles o WHERE o.lang IN (${sql.join(
          chain.slice(0, i + 1).map((l) => sql`${l}`),
          sql`, `,
        )})
                          AND o.type = a.type AND o.key = a.key AND o.status = 'published' AND o.published_at <= now())
      ORDER BY ${NEWEST_FIRST} LIMIT ${wholeNumber(limit)})`,
  );
  const { rows } = await executePrepared<ArticleSummary & { lang: LangKey } & Record<string, unknown>>(
    db,
    // The category named in the reader's language: the piece is in their section's topics.
    sql`SELECT ${SUMMARY_COLUMNS}, a.lang
        FROM (SELECT id, published_at FROM (${sql.join(candidates, sql` UNION ALL `)}) c ORDER BY published_at DESC, id DESC LIMIT ${wholeNumber(limit)}) page
        JOIN articles a ON a.id = page.id
        JOIN categories c ON c.id = a.category_id
        LEFT JOIN category_translations ct ON ct.category_id = c.id AND ct.lang = ${lang}
        LEFT JOIN category_translations cd ON cd.category_id = c.id AND cd.lang = ${DEFAULT_LANG}
        ORDER BY a.published_at DESC, a.id DESC`,
  );
  return rows;
}

export interface ArticleListPage {
  categories: (Named & { count: number })[];
  /** The category's tags (the section's, on a tag page without one); empty on a section's own pages, which show none. */
  tags: (Named & { count: number })[];
  latest: ArticleSummary[];
  result: Page<ArticleSummary>;
  /** The languages the page exists in; null when not asked for (a search has no alternates). */
  languages: LangKey[] | null;
}

/**
 * Everything a blog or news list page shows, in one statement: categories and (within a category)
 * tags with their counts, the latest five, the page and its total, and (unless searching) the
 * languages the page exists in. An unknown category or tag gives an empty page; the caller answers 404 for it.
 */
export async function articleListPage(db: Database, q: ListQuery & { latest: number; withLanguages: boolean }): Promise<ArticleListPage> {
  const found = await foundIds(db, q);
  const parts = listParts(q, found);
  const languages = q.withLanguages && (q.page > 1 || q.tag) ? countsPerLanguage(q) : sql`NULL::json`;
  const { rows } = await executePrepared<{
    categories: (Named & { count: number })[];
    tags: (Named & { count: number })[];
    latest: ArticleSummary[];
    list: ArticleSummary[];
    total: number;
    languages: Record<string, number> | null;
  }>(
    db,
    sql`
    SELECT
      (SELECT COALESCE(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', c.count) ORDER BY c.sort, c.id), '[]'::json)
       FROM (${categoriesQuery(q.type, q.lang)}) c) AS categories,
      ${
        // A list shows its tags within a category only (and a tag page needs its tag's name): a
        // section's pages neither count nor send them (docs/decisions/0043).
        q.category || q.tag
          ? sql`(SELECT COALESCE(json_agg(json_build_object('slug', t.slug, 'name', t.name, 'count', t.count) ORDER BY t.count DESC, t.slug), '[]'::json)
       FROM (${tagsQuery(q.type, q.lang, q.category)}) t)`
          : sql`'[]'::json`
      } AS tags,
      ${summariesJson(latestIds(q.type, q.lang, q.latest, 0))} AS latest,
      ${parts.list} AS list,
      ${parts.total} AS total,
      ${languages} AS languages`,
  );
  const row = rows[0]!;
  return {
    categories: row.categories,
    tags: row.tags,
    latest: row.latest,
    result: { list: row.list, total: row.total, ...cappedTotal(q, found), page: q.page, page_size: q.pageSize },
    languages: !q.withLanguages ? null : row.languages ? languagesWithPage(row.languages, q) : [...LANG_KEYS],
  };
}

/**
 * The statement that loads one article with its neighbours, the latest five and its other
 * language versions; `extras` adds more columns computed for the same article (the article page
 * adds related articles and comments, so the whole page is one round trip).
 */
async function loadArticle(db: Database, id: number, extras: SQL = sql``, joins: SQL = sql``) {
  // Neighbours compare with the publication time to the second, as the page shows it.
  const neighbour = (direction: "prev" | "next") => sql`(
    SELECT json_build_object('id', n.id, 'title', n.title) FROM articles n
    WHERE n.type = b.type AND n.lang = b.lang AND n.status = 'published' AND n.published_at <= now()
      AND ${
        direction === "prev"
          ? sql`(n.published_at, n.id) < (date_trunc('second', b.published_ts, 'UTC'), b.id)`
          : sql`(n.published_at, n.id) > (date_trunc('second', b.published_ts, 'UTC'), b.id)`
      }
    ORDER BY ${direction === "prev" ? sql`n.published_at DESC, n.id DESC` : sql`n.published_at ASC, n.id ASC`}
    LIMIT 1)`;
  const { rows } = await executePrepared<Omit<ArticleDetail, "preview"> & { is_published: boolean } & Record<string, unknown>>(
    db,
    sql`
    WITH b AS (
      SELECT ${SUMMARY_COLUMNS}, a.type, a.lang, a.key, a.content_html AS content, a.toc, a.published_at AS published_ts,
             to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
             a.seo_title, a.seo_keywords, a.seo_description, (${PUBLISHED}) AS is_published
      ${SUMMARY_FROM} WHERE a.id = ${id})
    SELECT b.id, b.title, b.summary, b.cover, b.author, b.reads, b.category, b.tags, b.published_at, b.type, b.lang, b.key,
           b.content, b.toc, b.updated_at, b.seo_title, b.seo_keywords, b.seo_description, b.is_published,
           ${neighbour("prev")} AS prev, ${neighbour("next")} AS next,
           ${summariesJson(latestIds(sql`b.type`, sql`b.lang`, 5, sql`b.id`))} AS latest,
           (SELECT COALESCE(json_agg(json_build_object('lang', o.lang, 'id', o.id) ORDER BY o.lang), '[]'::json)
            FROM articles o WHERE o.type = b.type AND o.key = b.key AND o.status = 'published' AND o.published_at <= now()) AS translations
           ${extras}
    FROM b ${joins}`,
  );
  return rows[0];
}

/**
 * One article with its neighbours, the latest five and its other language versions, in one
 * statement. Unpublished articles are returned only with `preview` (a valid preview token,
 * checked by the caller); otherwise they do not exist.
 */
export async function getArticle(db: Database, id: number, options: { preview?: boolean } = {}): Promise<ArticleDetail | null> {
  const row = await loadArticle(db, id);
  if (!row) return null;
  if (!row.is_published && !options.preview) return null;
  const { is_published, ...article } = row;
  return { ...article, preview: !is_published } as ArticleDetail;
}

/**
 * An article page in one statement: the article as getArticle has it, its related articles and
 * one page of its comments. Null where getArticle is null.
 */
export async function articlePage(
  db: Database,
  id: number,
  options: { preview?: boolean; related: number; comments: CommentsQuery },
): Promise<{ article: ArticleDetail; related: ArticleSummary[]; comments: CommentsPage } | null> {
  // Related articles are kept (article_picks) while nothing they are ranked on changed: ranked
  // once, not on every view (docs/decisions/0037).
  const key = `related:${options.related}:${id}`;
  const row = await loadArticle(
    db,
    id,
    sql`, rp.pick AS related_pick, ${summariesJson(pickedIds(sql`rp.pick`))} AS related, ${commentsPageJson(id, options.comments)} AS comments`,
    sql`CROSS JOIN LATERAL (SELECT ${pickJson(sql`${key}`, sql`b.type`, sql`b.lang`, relatedIds(id, options.related))} AS pick) rp`,
  );
  if (!row) return null;
  const { is_published, related, related_pick, comments, ...article } = row as typeof row & {
    related: ArticleSummary[];
    related_pick: ArticlePick;
    comments: { list: CommentView[]; total: number };
  };
  if (!is_published && !options.preview) return null;
  await keepPick(db, key, article.type, article.lang, related_pick);
  return { article: { ...article, preview: !is_published } as ArticleDetail, related, comments: commentsPage(comments, options.comments) };
}

/** A pick as pickJson answers it: the ids, whether they were kept, and what keeping them needs. */
interface ArticlePick {
  ids: number[];
  kept: boolean;
  version: number;
  /** The statement's now(), as text (to the microsecond). */
  at: string;
}

/**
 * The ids a ranking picks (`compute` yields `id` and `ord`), from article_picks while they are
 * current, else ranked in the same statement: as one JSON value, an ArticlePick. Current means that
 * nothing the ranking reads has changed since: the type and language's version (kept by triggers,
 * drizzle/0016) is the one it was ranked under, and no scheduled article of theirs has come due
 * since. The ranking is then skipped (its subquery is never run), and the answer is the one it
 * would give. docs/decisions/0037.
 */
function pickJson(key: SQL, type: SQL, lang: SQL, compute: SQL): SQL {
  return sql`(
    SELECT json_build_object('ids', COALESCE(kept.ids, ranked.ids, '{}'::int[]), 'kept', kept.ids IS NOT NULL, 'version', v.version, 'at', now()::text)
    FROM (SELECT COALESCE((SELECT l.version FROM article_list_versions l WHERE l.type = ${type} AND l.lang = ${lang}), 0) AS version) v
    LEFT JOIN LATERAL (
      SELECT p.ids FROM article_picks p
      WHERE p.key = ${key} AND p.type = ${type} AND p.lang = ${lang} AND p.version = v.version
        AND NOT EXISTS (SELECT 1 FROM articles d WHERE d.type = p.type AND d.lang = p.lang AND d.status = 'published'
                          AND d.published_at > p.computed_at AND d.published_at <= now())) kept ON true
    LEFT JOIN LATERAL (SELECT array_agg(r.id ORDER BY r.ord) AS ids FROM (${compute}) r WHERE kept.ids IS NULL) ranked ON true)`;
}

/** A pick's ids with their places, for summariesJson. */
const pickedIds = (pick: SQL) => sql`SELECT x.id::int AS id, x.ord FROM json_array_elements_text(${pick}->'ids') WITH ORDINALITY AS x(id, ord)`;

/**
 * Keeps a pick that was ranked (not read) for the views after this one. A pick ranked under an
 * older version never replaces a newer one (versions come from one sequence). Failing to keep it
 * costs only a ranking next time, so it never fails the page.
 */
async function keepPick(db: Database, key: string, type: ArticleType, lang: LangKey, pick: ArticlePick): Promise<void> {
  if (pick.kept) return;
  await db
    .execute(
      sql`INSERT INTO article_picks (key, type, lang, ids, version, computed_at)
          VALUES (${key}, ${type}, ${lang}, ${sql.param(pick.ids)}::int[], ${pick.version}, ${pick.at}::timestamptz)
          ON CONFLICT (key) DO UPDATE SET type = excluded.type, lang = excluded.lang, ids = excluded.ids, version = excluded.version, computed_at = excluded.computed_at
          WHERE article_picks.version <= excluded.version`,
    )
    .catch(() => undefined);
}

/** Tag-sharing candidates per tag of the article: enough for every related list the site shows, few enough to be a bounded read. */
const CANDIDATES_PER_TAG = 50;
/** The newest articles of the language looked through for shared tags too, so recent ones are never missed. */
const RECENT_WINDOW = 200;

/**
 * Articles of the same type and language, most shared tags first, then same category, then
 * newest. Bounded: the candidates are, for each of the article's tags, the newest (by id)
 * CANDIDATES_PER_TAG articles carrying it, the RECENT_WINDOW newest of the language, and the newest
 * `limit` of the category (with the newest overall, these hold every article that could rank among
 * the first `limit` without sharing a tag). The order is exact whenever no tag has more than
 * CANDIDATES_PER_TAG articles in the language; beyond that, older tag-sharing articles may go unseen.
 */
export async function relatedArticles(db: Database, id: number, limit = 4): Promise<ArticleSummary[]> {
  return summaries(db, relatedIds(id, limit));
}

function relatedIds(id: number, limit: number): SQL {
  return sql`
      WITH b AS (SELECT id, type, lang, category_id FROM articles WHERE id = ${id}),
      bt AS (SELECT tag_id FROM article_tags WHERE article_id = ${id}),
      candidates AS (
        SELECT s.id FROM b, bt, LATERAL (
          SELECT x.article_id AS id FROM article_tags x
          CROSS JOIN LATERAL (SELECT 1 FROM articles a WHERE a.id = x.article_id AND a.type = b.type AND a.lang = b.lang AND ${PUBLISHED} LIMIT 1) listed
          WHERE x.tag_id = bt.tag_id AND x.article_id <> b.id
          ORDER BY x.article_id DESC LIMIT ${wholeNumber(CANDIDATES_PER_TAG)}) s
        UNION
        SELECT s.id FROM b, LATERAL (
          SELECT a.id FROM articles a WHERE a.type = b.type AND a.lang = b.lang AND a.id <> b.id AND ${PUBLISHED}
          ORDER BY ${NEWEST_FIRST} LIMIT ${wholeNumber(Math.max(limit, RECENT_WINDOW))}) s
        UNION
        SELECT s.id FROM b, LATERAL (
          SELECT a.id FROM articles a
          WHERE a.category_id = b.category_id AND a.lang = b.lang AND a.type = b.type AND a.id <> b.id AND ${PUBLISHED}
          ORDER BY ${NEWEST_FIRST} LIMIT ${wholeNumber(limit)}) s)
      SELECT r.id, row_number() OVER (ORDER BY r.shared DESC, r.same_category DESC, r.published_at DESC, r.id DESC) AS ord
      FROM (
        SELECT a.id, a.published_at, (a.category_id = b.category_id) AS same_category,
               (SELECT count(*) FROM article_tags y WHERE y.article_id = a.id AND y.tag_id IN (SELECT tag_id FROM bt)) AS shared
        FROM candidates k JOIN articles a ON a.id = k.id, b) r
      ORDER BY r.shared DESC, r.same_category DESC, r.published_at DESC, r.id DESC
      LIMIT ${wholeNumber(limit)}`;
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

/**
 * Blog articles of a language that carry any of the tags, most matching tags first, then newest.
 * Bounded like relatedArticles: for each tag, the newest (by id) CANDIDATES_PER_TAG carrying it,
 * and those of the RECENT_WINDOW newest that carry one.
 */
export async function articlesWithTags(db: Database, lang: LangKey, tagSlugs: readonly string[], limit = 3): Promise<ArticleSummary[]> {
  if (tagSlugs.length === 0) return [];
  const wanted = sql.join(
    tagSlugs.map((s) => sql`${s}`),
    sql`, `,
  );
  // Kept like related articles (article_picks), per language, tags and limit (docs/decisions/0037).
  const key = `tags:${limit}:${lang}:${[...new Set(tagSlugs)].sort().join(",")}`;
  const ranking = sql`
      WITH wt AS (SELECT id AS tag_id FROM tags WHERE slug IN (${wanted})),
      candidates AS (
        SELECT s.id FROM wt, LATERAL (
          SELECT x.article_id AS id FROM article_tags x
          CROSS JOIN LATERAL (SELECT 1 FROM articles a WHERE a.id = x.article_id AND a.type = 'blog' AND a.lang = ${lang} AND ${PUBLISHED} LIMIT 1) listed
          WHERE x.tag_id = wt.tag_id
          ORDER BY x.article_id DESC LIMIT ${wholeNumber(CANDIDATES_PER_TAG)}) s),
      recent AS (
        SELECT a.id FROM articles a WHERE a.type = 'blog' AND a.lang = ${lang} AND ${PUBLISHED}
        ORDER BY ${NEWEST_FIRST} LIMIT ${wholeNumber(RECENT_WINDOW)})
      SELECT r.id, row_number() OVER (ORDER BY r.matches DESC, r.published_at DESC, r.id DESC) AS ord
      FROM (
        SELECT a.id, a.published_at, (SELECT count(*) FROM article_tags y WHERE y.article_id = a.id AND y.tag_id IN (SELECT tag_id FROM wt)) AS matches
        FROM (SELECT id FROM candidates UNION SELECT id FROM recent) k JOIN articles a ON a.id = k.id) r
      WHERE r.matches > 0
      ORDER BY r.matches DESC, r.published_at DESC, r.id DESC
      LIMIT ${wholeNumber(limit)}`;
  const { rows } = await executePrepared<{ pick: ArticlePick; list: ArticleSummary[] }>(
    db,
    sql`WITH picked AS (SELECT ${pickJson(sql`${key}`, sql`'blog'`, sql`${lang}`, ranking)} AS pick)
        SELECT picked.pick, ${summariesJson(pickedIds(sql`picked.pick`))} AS list FROM picked`,
  );
  await keepPick(db, key, "blog", lang, rows[0]!.pick);
  return rows[0]!.list;
}

/** The newest published articles of a type in a language with their full HTML, for feeds. */
export async function feedArticles(db: Database, type: ArticleType, lang: LangKey, limit = 20) {
  const { rows } = await db.execute<{
    id: number;
    title: string;
    summary: string;
    content: string;
    author: string;
    cover: string | null;
    published_at: Date;
    updated_at: Date;
    category: string;
  }>(sql`
    SELECT a.id, a.title, a.summary, a.content_html AS content, a.author, a.cover, a.published_at, a.updated_at,
           COALESCE(ct.name, cd.name, c.slug) AS category
    ${SUMMARY_FROM}
    WHERE a.type = ${type} AND a.lang = ${lang} AND ${PUBLISHED}
    ORDER BY ${NEWEST_FIRST} LIMIT ${limit}`);
  return rows;
}
