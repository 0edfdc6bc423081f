/**
 * The help centre (api.md "Help centre"): articles per language, categories with the legacy
 * documentation paths, search in any script, views, and "did this solve your problem?" votes:
 * one per visitor and article (the primary key), changeable. The counts follow the votes in the
 * same transaction (a trigger keeps help_vote_counts, docs/decisions/0022), so they can never
 * drift or double, and reading them costs one row however many votes an article has.
 */
import { announcePageChanges, helpPageTag } from "../infrastructure/page-changes.server";
import { sql, type SQL } from "drizzle-orm";
import { FEEDBACK_TEXTS_PER_ARTICLE, type FeedbackSort, type HelpFeedback } from "@contracts/staff-feedback";
import { DEFAULT_LANG, type LangKey } from "~/i18n/languages";
import type { HelpDetail, HelpSummary } from "@contracts/help-types";
import type { Database } from "../db/client.server";
import { bestVersionFor, isoUtc } from "../db/sql-helpers.server";
import { executePrepared, type StatementRunner } from "../db/prepared.server";
import { spendAllowance } from "../infrastructure/abuse-limits.server";
import { search } from "./search.server";

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

const PUBLISHED = sql`h.status = 'published'`;

/**
 * `h` is the version of its article a reader of `lang` gets: their own, or the original while
 * it is not translated (docs/decisions/0029), so every language lists the whole help centre.
 */
export const helpVersionFor = (lang: LangKey) =>
  bestVersionFor(lang, { alias: sql`h`, versions: sql`help_articles`, sameItem: sql`o.key = h.key`, visible: sql`o.status = 'published'` });

const SUMMARY_COLUMNS = sql`
  h.id, h.lang, h.title, h.summary,
  json_build_object('id', c.id, 'slug', c.slug, 'name', COALESCE(ct.name, cd.name, c.slug)) AS category,
  to_char(h.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
  h.views,
  COALESCE(hv.solved, 0) AS solved_count,
  COALESCE(hv.unsolved, 0) AS unsolved_count`;

/** Category names in the reader's language (an untranslated article is still in their help centre's topics). */
const summaryJoins = (reader: LangKey | undefined) => sql`
  LEFT JOIN help_vote_counts hv ON hv.article_id = h.id
  JOIN categories c ON c.id = h.category_id
  LEFT JOIN category_translations ct ON ct.category_id = c.id AND ct.lang = ${reader ?? sql`h.lang`}
  LEFT JOIN category_translations cd ON cd.category_id = c.id AND cd.lang = ${DEFAULT_LANG}`;

/**
 * Summaries of the articles `ids` picks (its own ORDER BY and LIMIT), in `order`: categories and
 * vote counts are looked up for those few only, not for every article the ordering looks at.
 */
const summariesOf = (ids: SQL, order: SQL, reader: LangKey) => sql`
  SELECT ${SUMMARY_COLUMNS} FROM (${ids}) page JOIN help_articles h ON h.id = page.id ${summaryJoins(reader)} ORDER BY ${order}`;

export interface HelpListQuery {
  lang: LangKey;
  categoryId?: number;
  keyword?: string;
  sort: "latest" | "popular";
  page: number;
  pageSize: number;
}

/**
 * Published help articles in a language. With a keyword: the site search (search.server.ts)
 * scoped to help and the category, in its order (title and exact matches first). Otherwise
 * "popular" is most viewed first, "latest" newest first; within a category without either, the
 * editors' order.
 */
export async function listHelpArticles(db: Database, q: HelpListQuery): Promise<Paged<HelpSummary>> {
  if (q.keyword) {
    const found = await search(db, {
      q: q.keyword,
      lang: q.lang,
      kinds: ["help"],
      categoryId: q.categoryId,
      fallback: false,
      countCap: null,
      page: q.page,
      pageSize: q.pageSize,
    });
    const ids = found.list.map((hit) => hit.id);
    const { rows } = await db.execute<HelpSummary & Record<string, unknown>>(
      summariesOf(sql`SELECT * FROM unnest(${sql.param(ids)}::int[]) WITH ORDINALITY AS page(id, ord)`, sql`page.ord`, q.lang),
    );
    return { list: rows, total: found.total, page: q.page, page_size: q.pageSize };
  }
  const filters: SQL[] = [helpVersionFor(q.lang), PUBLISHED];
  if (q.categoryId) filters.push(sql`h.category_id = ${q.categoryId}`);
  const order =
    q.sort === "popular"
      ? sql`h.views DESC, h.updated_at DESC, h.id DESC`
      : q.categoryId
        ? sql`h.sort ASC, h.updated_at DESC, h.id DESC`
        : sql`h.updated_at DESC, h.id DESC`;
  const where = sql.join(filters, sql` AND `);
  const offset = (q.page - 1) * q.pageSize;
  const [{ rows }, { rows: count }] = await Promise.all([
    executePrepared<HelpSummary & Record<string, unknown>>(
      db,
      summariesOf(sql`SELECT h.id FROM help_articles h WHERE ${where} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${offset}`, order, q.lang),
    ),
    executePrepared<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM help_articles h WHERE ${where}`),
  ]);
  return { list: rows, total: count[0]!.total, page: q.page, page_size: q.pageSize };
}

/**
 * A published help article with its neighbours in the category, related articles and other
 * languages; null when there is none. One statement (docs/decisions/0022): the article's own
 * fields are `b`, so each part can use the summaries' alias `h` for the rows it reads.
 */
export async function getHelpArticle(db: StatementRunner, id: number, readerLang?: LangKey): Promise<HelpDetail | null> {
  // Neighbours and related articles are those the reader's help centre lists (with fallbacks).
  const listed = readerLang ? helpVersionFor(readerLang) : sql`h.lang = b.lang`;
  // Previous and next follow the category's reading order (the editors' sort, then id).
  const neighbour = (direction: "prev" | "next") => sql`(
    SELECT json_build_object('id', h.id, 'title', h.title) FROM help_articles h
    WHERE ${listed} AND h.category_id = b.category_id AND ${PUBLISHED}
      AND ${direction === "prev" ? sql`(h.sort, h.id) < (b.sort, b.id)` : sql`(h.sort, h.id) > (b.sort, b.id)`}
    ORDER BY ${direction === "prev" ? sql`h.sort DESC, h.id DESC` : sql`h.sort ASC, h.id ASC`}
    LIMIT 1)`;
  const relatedOrder = sql`(h.category_id = b.category_id) DESC, h.views DESC, h.id`;
  const { rows } = await executePrepared<HelpDetail & Record<string, unknown>>(
    db,
    sql`
    WITH b AS (SELECT h.id, h.lang, h.key, h.sort, h.category_id FROM help_articles h WHERE h.id = ${id} AND ${PUBLISHED})
    SELECT ${SUMMARY_COLUMNS}, h.author, h.content_html AS content, h.toc,
           h.seo_title, h.seo_keywords, h.seo_description,
           ${neighbour("prev")} AS prev,
           ${neighbour("next")} AS next,
           (SELECT COALESCE(jsonb_agg(to_jsonb(r) - 'ord' ORDER BY r.ord), '[]'::jsonb) FROM (
              SELECT ${SUMMARY_COLUMNS}, page.ord FROM (
                SELECT h.id, row_number() OVER (ORDER BY ${relatedOrder}) AS ord FROM help_articles h
                WHERE ${listed} AND h.id <> b.id AND h.key <> b.key AND ${PUBLISHED}
                ORDER BY ${relatedOrder} LIMIT 4) page
              JOIN help_articles h ON h.id = page.id ${summaryJoins(readerLang)}) r) AS related,
           (SELECT COALESCE(json_agg(json_build_object('lang', h.lang, 'id', h.id) ORDER BY h.lang), '[]'::json)
              FROM help_articles h WHERE h.key = b.key AND ${PUBLISHED}) AS translations
    FROM b JOIN help_articles h ON h.id = b.id ${summaryJoins(readerLang)}`,
  );
  return (rows[0] as HelpDetail | undefined) ?? null;
}

/** Counts a view once per visitor per article per day, in one statement. */
export async function recordHelpView(db: StatementRunner, articleId: number, visitorHash: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`
    WITH counted AS (
      INSERT INTO help_article_views (article_id, visitor_hash, day)
      SELECT ${articleId}, ${visitorHash}, (now() AT TIME ZONE 'UTC')::date
      WHERE EXISTS (SELECT 1 FROM help_articles WHERE id = ${articleId})
      ON CONFLICT DO NOTHING
      RETURNING article_id)
    UPDATE help_articles SET views = views + 1 WHERE id IN (SELECT article_id FROM counted) RETURNING id`);
  return rows.length > 0;
}

export type VoteOutcome = { ok: true; solved_count: number; unsolved_count: number; vote: "solved" | "unsolved" } | { ok: false; reason: "articleMissing" };

/**
 * Records a visitor's vote on an article, or changes it: the (article, voter) primary key makes
 * a second vote impossible, so two concurrent votes of one visitor leave one row. The abuse
 * allowance is spent in the same transaction.
 */
export async function voteOnHelpArticle(
  db: Database,
  input: { articleId: number; voter: string; solved: boolean; feedback: string; ip: string | undefined },
): Promise<VoteOutcome> {
  return db.transaction(async (tx) => {
    const article = await tx.execute(sql`SELECT 1 FROM help_articles h WHERE h.id = ${input.articleId} AND ${PUBLISHED}`);
    if (!article.rows.length) return { ok: false, reason: "articleMissing" } as const;
    await spendAllowance(tx, "help-vote", { ip: input.ip, target: input.articleId });
    await tx.execute(sql`
      INSERT INTO help_votes (article_id, voter, solved, feedback) VALUES (${input.articleId}, ${input.voter}, ${input.solved}, ${input.feedback})
      ON CONFLICT (article_id, voter) DO UPDATE SET solved = excluded.solved, feedback = excluded.feedback, updated_at = now()`);
    // The trigger has counted the vote by now, in this transaction.
    const { rows } = await tx.execute<{ solved_count: number; unsolved_count: number }>(sql`
      SELECT solved AS solved_count, unsolved AS unsolved_count FROM help_vote_counts WHERE article_id = ${input.articleId}`);
    // The article's page shows the counts (docs/decisions/0021).
    await announcePageChanges(tx, [helpPageTag(input.articleId)]);
    return { ok: true, ...rows[0]!, vote: input.solved ? "solved" : "unsolved" } as const;
  });
}

/** The article's vote counts and this voter's own vote (null: none, or no voter cookie). */
export async function helpVoteSummary(
  db: StatementRunner,
  articleId: number,
  voter: string | null,
): Promise<{ solved_count: number; unsolved_count: number; vote: "solved" | "unsolved" | null }> {
  // The kept counts (one row), and the voter's own vote by the primary key.
  const { rows } = await db.execute<{ solved_count: number; unsolved_count: number; vote: "solved" | "unsolved" | null }>(sql`
    SELECT COALESCE((SELECT solved FROM help_vote_counts WHERE article_id = ${articleId}), 0) AS solved_count,
           COALESCE((SELECT unsolved FROM help_vote_counts WHERE article_id = ${articleId}), 0) AS unsolved_count,
           (SELECT CASE WHEN v.solved THEN 'solved' ELSE 'unsolved' END FROM help_votes v WHERE v.article_id = ${articleId} AND v.voter = ${voter}) AS vote`);
  return rows[0]!;
}

/** The visitor's current vote on an article, if any. */
export async function currentVote(db: StatementRunner, articleId: number, voter: string): Promise<"solved" | "unsolved" | null> {
  const { rows } = await db.execute<{ solved: boolean }>(sql`SELECT solved FROM help_votes WHERE article_id = ${articleId} AND voter = ${voter}`);
  return rows[0] ? (rows[0].solved ? "solved" : "unsolved") : null;
}

/** Spec section 2's language groups for documentation paths: zh/en, ru, pt, vn; the rest use zh/en. */
export function docsGroup(lang: LangKey): "zh-en" | "ru" | "pt" | "vn" {
  return lang === "ru" || lang === "pt" || lang === "vn" ? lang : "zh-en";
}

/** Each help category's legacy documentation path for a language (`/docs/{slug}`), by category id. */
export async function docsPaths(db: StatementRunner, lang: LangKey): Promise<Map<number, string>> {
  const { rows } = await db.execute<{ category_id: number; slug: string }>(sql`
    SELECT category_id, slug FROM help_category_docs WHERE lang_group = ${docsGroup(lang)}`);
  return new Map(rows.map((r) => [r.category_id, `/docs/${r.slug}`]));
}

/** The help category an old documentation link (`/docs/{slug}`, any language group, or its numeric id) points at. */
export async function categoryForDocsPath(db: StatementRunner, slugOrId: string): Promise<string | null> {
  const { rows } = await db.execute<{ slug: string }>(sql`
    SELECT c.slug FROM help_category_docs d JOIN categories c ON c.id = d.category_id
    WHERE d.slug = ${slugOrId} ${/^\d{1,9}$/.test(slugOrId) ? sql`OR d.legacy_id = ${Number(slugOrId)}` : sql``}
    ORDER BY (d.slug = ${slugOrId}) DESC LIMIT 1`);
  return rows[0]?.slug ?? null;
}

// ---- staff area ----------------------------------------------------------------------------

const FEEDBACK_ORDER: Record<FeedbackSort, SQL> = {
  unsolved: sql`v.unsolved_count DESC, v.solved_count ASC, v.last_vote_at DESC, h.id`,
  recent: sql`v.last_vote_at DESC, h.id`,
  votes: sql`(v.solved_count + v.unsolved_count) DESC, v.last_vote_at DESC, h.id`,
};

/**
 * Help articles with at least one vote (optionally in one language): solved and unsolved counts
 * and the newest "what was missing" texts, one page.
 */
export async function listHelpFeedback(
  db: StatementRunner,
  q: { lang?: LangKey; sort: FeedbackSort; page: number; pageSize: number },
): Promise<Paged<HelpFeedback>> {
  const where = q.lang ? sql`h.lang = ${q.lang}` : sql`true`;
  // The counts a trigger keeps (drizzle/0021): one row per article however many votes it has.
  const votes = sql`
    WITH v AS (
      SELECT article_id, solved AS solved_count, unsolved AS unsolved_count, feedback AS feedback_count, last_vote_at
      FROM help_vote_counts WHERE solved + unsolved > 0)`;
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute<HelpFeedback & Record<string, unknown>>(sql`
      ${votes}
      SELECT h.id, h.lang, h.title, h.status, v.solved_count, v.unsolved_count, v.feedback_count, ${isoUtc(sql`v.last_vote_at`)} AS last_vote_at,
        COALESCE((
          SELECT json_agg(json_build_object('text', f.feedback, 'at', ${isoUtc(sql`f.updated_at`)}) ORDER BY f.updated_at DESC, f.voter)
          FROM (SELECT feedback, updated_at, voter FROM help_votes WHERE article_id = h.id AND feedback <> ''
                ORDER BY updated_at DESC, voter LIMIT ${FEEDBACK_TEXTS_PER_ARTICLE}) f), '[]'::json) AS feedback
      FROM v JOIN help_articles h ON h.id = v.article_id
      WHERE ${where} ORDER BY ${FEEDBACK_ORDER[q.sort]} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    db.execute<{ total: number }>(sql`${votes} SELECT count(*)::int AS total FROM v JOIN help_articles h ON h.id = v.article_id WHERE ${where}`),
  ]);
  return { list: rows, total: count[0]!.total, page: q.page, page_size: q.pageSize };
}

/**
 * The version a reader of `lang` gets of each article named by its content key
 * (content/help/<lang>/<key>.md), its id and title: pages that point at an article by its subject
 * (/check) link to the reader's own version, or the original while it is not translated. A key
 * with no published article is left out.
 */
export async function helpArticlesByKey<K extends string>(
  db: StatementRunner,
  lang: LangKey,
  keys: readonly K[],
): Promise<Partial<Record<K, { id: number; title: string }>>> {
  if (!keys.length) return {};
  const { rows } = await db.execute<{ key: K; id: number; title: string }>(sql`
    SELECT h.key, h.id, h.title FROM help_articles h
    WHERE h.key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}) AND ${PUBLISHED} AND ${helpVersionFor(lang)}`);
  return Object.fromEntries(rows.map((r) => [r.key, { id: r.id, title: r.title }])) as Partial<Record<K, { id: number; title: string }>>;
}
