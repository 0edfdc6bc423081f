import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { announcePageChanges, articlePageTag } from "../infrastructure/page-changes.server";
import type { CommentArticle, CommentedArticle, CommentFilter, StaffComment } from "@contracts/staff-comments";
import type { CommentView } from "@contracts/article-types";
import type { StaffIdentity } from "@contracts/staff-access";
import type { Database, Executor } from "../db/client.server";
import { countUpTo, isoUtc, STAFF_COUNT_CAP, wholeNumber } from "../db/sql-helpers.server";
import { clientHash, spendAllowance } from "../infrastructure/abuse-limits.server";
import { audit, RESTORABLE_AUDIT } from "./staff.server";

export const COMMENT_LIMITS = {
  nameMax: 50,
  contentMax: 1000,
} as const;

/** Comments the site shows and counts: never those staff hid (docs/decisions/0020). Every public query of comments uses it. */
const SHOWN = sql`hidden_at IS NULL`;

export interface CommentsQuery {
  page: number;
  pageSize: number;
  sort: "latest" | "popular";
}

export interface CommentsPage {
  list: CommentView[];
  total: number;
  page: number;
  page_size: number;
  has_more: boolean;
}

/**
 * An article's comments as the site shows them (hidden ones left out of the list and the total),
 * one page and the total, as one JSON value `{ list, total }`: the article page loads it in the
 * same statement as the article (docs/decisions/0022). The newest-first page is a range of
 * comments_shown_idx; the total is kept by a trigger (article_comment_counts), so it reads one row
 * however many comments there are. The page size is in the text and a first page has no offset, so
 * the article page's prepared statement keeps one plan (docs/decisions/0037).
 */
export function commentsPageJson(articleId: number, q: CommentsQuery): SQL {
  // "popular": comments editors marked popular first, then newest; "latest": newest first.
  const order = q.sort === "popular" ? sql`is_popular DESC, created_at DESC, id DESC` : sql`created_at DESC, id DESC`;
  return sql`json_build_object(
    'list', (
      SELECT COALESCE(json_agg(json_build_object('id', c.id, 'name', c.name, 'content', c.content, 'is_popular', c.is_popular,
                                                 'created_at', to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) ORDER BY c.ord), '[]'::json)
      FROM (SELECT id, name, content, is_popular, created_at, row_number() OVER (ORDER BY ${order}) AS ord
            FROM comments WHERE article_id = ${articleId} AND ${SHOWN}
            ORDER BY ${order} LIMIT ${wholeNumber(q.pageSize)}${q.page > 1 ? sql` OFFSET ${(q.page - 1) * q.pageSize}` : sql``}) c),
    'total', COALESCE((SELECT shown FROM article_comment_counts WHERE article_id = ${articleId}), 0))`;
}

/** The page commentsPageJson answered, with its paging fields. */
export function commentsPage(found: { list: CommentView[]; total: number }, q: CommentsQuery): CommentsPage {
  const offset = (q.page - 1) * q.pageSize;
  return { list: found.list, total: found.total, page: q.page, page_size: q.pageSize, has_more: offset + found.list.length < found.total };
}

/** An article's comments as the site shows them (hidden ones left out of the list and the total). */
export async function listComments(db: Database, articleId: number, q: CommentsQuery): Promise<CommentsPage> {
  const { rows } = await db.execute<{ found: { list: CommentView[]; total: number } }>(sql`SELECT ${commentsPageJson(articleId, q)} AS found`);
  return commentsPage(rows[0]!.found, q);
}

export type AddCommentOutcome = { ok: true; comment: CommentView } | { ok: false; reason: "articleMissing" };

/**
 * Stores a comment. The abuse allowance is spent in the same transaction as the insert, so a
 * refused, missing-article or failed insert spends nothing (AbuseLimitExceeded propagates).
 */
export async function addComment(
  db: Database,
  input: { articleId: number; name: string; content: string; ip: string | undefined },
): Promise<AddCommentOutcome> {
  return db.transaction(async (tx) => {
    const article = await tx.execute(sql`SELECT 1 FROM articles WHERE id = ${input.articleId} AND status = 'published' AND published_at <= now()`);
    if (!article.rows.length) return { ok: false, reason: "articleMissing" } as const;
    await spendAllowance(tx, "comment", { ip: input.ip, target: input.articleId });
    const client = await clientHash(tx, input.ip);
    const inserted = await tx.execute<CommentView & Record<string, unknown>>(sql`
      INSERT INTO comments (article_id, name, content, visitor_hash) VALUES (${input.articleId}, ${input.name}, ${input.content}, ${client})
      RETURNING id, name, content, is_popular, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`);
    await announcePageChanges(tx, [articlePageTag(input.articleId)]);
    return { ok: true, comment: inserted.rows[0]! } as const;
  });
}

// ---- staff area ----------------------------------------------------------------------------

const STAFF_FILTERS: Record<CommentFilter, SQL> = {
  all: sql`true`,
  visible: sql`c.hidden_at IS NULL`,
  hidden: sql`c.hidden_at IS NOT NULL`,
  popular: sql`c.is_popular`,
};

const ARTICLE_JSON = sql`json_build_object('id', a.id, 'type', a.type, 'lang', a.lang, 'title', a.title, 'status', a.status)`;

/** Every comment (hidden ones too) newest first, one page, each with its article; the total counted up to the cap. */
export async function listStaffComments(
  db: Executor,
  q: { filter: CommentFilter; articleId?: number; page: number; pageSize: number; countCap?: number },
): Promise<{ list: StaffComment[]; total: number; total_capped: boolean; page: number; page_size: number }> {
  const where = sql`${STAFF_FILTERS[q.filter]} AND ${q.articleId ? sql`c.article_id = ${q.articleId}` : sql`true`}`;
  const [{ rows }, counted] = await Promise.all([
    db.execute<StaffComment & Record<string, unknown>>(sql`
      SELECT c.id, c.name, c.content, c.is_popular, ${isoUtc(sql`c.hidden_at`)} AS hidden_at, ${isoUtc(sql`c.created_at`)} AS created_at,
             ${ARTICLE_JSON} AS article
      FROM comments c JOIN articles a ON a.id = c.article_id
      WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    countUpTo(db, sql`SELECT 1 FROM comments c WHERE ${where}`, q.countCap ?? STAFF_COUNT_CAP),
  ]);
  return { list: rows.map((r) => ({ ...r, version: commentVersion(r) })), ...counted, page: q.page, page_size: q.pageSize };
}

/**
 * A comment's version as staff saw it: a hash of what they could judge it by (its words, name,
 * popular mark and hidden time). Deleting names it, so a comment changed since it was listed
 * (shown again, marked popular by someone else) is not deleted on the strength of an old look.
 */
export function commentVersion(c: Pick<StaffComment, "id" | "name" | "content" | "is_popular" | "hidden_at">): string {
  return createHash("sha256")
    .update(JSON.stringify([c.id, c.name, c.content, c.is_popular, c.hidden_at]))
    .digest("hex")
    .slice(0, 16);
}

/**
 * Articles with comments (hidden ones too), most recently commented first, for the moderation
 * filter: from the counts a trigger keeps (drizzle/0021), so it reads `limit` rows however many comments there are.
 */
export async function commentedArticles(db: Executor, limit = 200): Promise<CommentedArticle[]> {
  const { rows } = await db.execute<CommentedArticle & Record<string, unknown>>(sql`
    SELECT a.id, a.type, a.lang, a.title, a.status, n.total AS comments
    FROM article_comment_counts n JOIN articles a ON a.id = n.article_id
    WHERE n.total > 0
    ORDER BY n.latest DESC, n.article_id DESC LIMIT ${limit}`);
  return rows;
}

/** One article as the moderation filter names it; null when there is none. */
export async function commentArticle(db: Executor, id: number): Promise<CommentArticle | null> {
  const { rows } = await db.execute<CommentArticle & Record<string, unknown>>(
    sql`SELECT a.id, a.type, a.lang, a.title, a.status FROM articles a WHERE a.id = ${id}`,
  );
  return rows[0] ?? null;
}

type CommentRecord = { id: number; article_id: number; name: string; content: string; is_popular: boolean; hidden_at: string | null; created_at: string };

/** The comment as the audit log keeps it (the visitor's address hash stays out). */
const lockComment = async (tx: Executor, id: number) =>
  (
    await tx.execute<CommentRecord>(sql`
      SELECT id, article_id, name, content, is_popular, ${isoUtc(sql`hidden_at`)} AS hidden_at, ${isoUtc(sql`created_at`)} AS created_at
      FROM comments WHERE id = ${id} FOR UPDATE`)
  ).rows[0];

/**
 * Marks a comment popular or not, with its audit entry, in one transaction; the row is locked and
 * the UPDATE conditional, so asking twice changes and audits once. Null when there is no such comment.
 */
export async function setCommentPopular(
  db: Database,
  staff: Pick<StaffIdentity, "id" | "email">,
  id: number,
  popular: boolean,
): Promise<{ changed: boolean } | null> {
  return db.transaction(async (tx) => {
    const before = await lockComment(tx, id);
    if (!before) return null;
    const { rows } = await tx.execute<{ is_popular: boolean }>(sql`
      UPDATE comments SET is_popular = ${popular} WHERE id = ${id} AND is_popular <> ${popular} RETURNING is_popular`);
    if (!rows[0]) return { changed: false };
    await audit(tx, staff, {
      action: popular ? "mark-popular" : "unmark-popular",
      entity: "comment",
      entityId: id,
      before: { is_popular: before.is_popular },
      after: rows[0],
    });
    await announcePageChanges(tx, [articlePageTag(before.article_id)]);
    return { changed: true };
  });
}

/**
 * Hides a comment from the site (kept for the record) or shows it again, with its audit entry,
 * in one transaction; asking twice changes and audits once. Null when there is no such comment.
 */
export async function setCommentHidden(
  db: Database,
  staff: Pick<StaffIdentity, "id" | "email">,
  id: number,
  hidden: boolean,
): Promise<{ changed: boolean } | null> {
  return db.transaction(async (tx) => {
    const before = await lockComment(tx, id);
    if (!before) return null;
    const { rows } = await tx.execute<{ hidden_at: string | null }>(sql`
      UPDATE comments SET hidden_at = ${hidden ? sql`now()` : sql`NULL`}
      WHERE id = ${id} AND ${hidden ? sql`hidden_at IS NULL` : sql`hidden_at IS NOT NULL`}
      RETURNING ${isoUtc(sql`hidden_at`)} AS hidden_at`);
    if (!rows[0]) return { changed: false };
    await audit(tx, staff, { action: hidden ? "hide" : "unhide", entity: "comment", entityId: id, before: { hidden_at: before.hidden_at }, after: rows[0] });
    await announcePageChanges(tx, [articlePageTag(before.article_id)]);
    return { changed: true };
  });
}

export type CommentDelete = { ok: true } | { ok: false; reason: "missing" | "conflict" };

/**
 * Deletes a comment for good, if it is still the `version` staff saw ("conflict" otherwise); the
 * audit entry keeps the whole comment in `before`, so an admin can put it back (restoreComment).
 */
export async function deleteComment(db: Database, staff: Pick<StaffIdentity, "id" | "email">, id: number, version: string): Promise<CommentDelete> {
  return db.transaction(async (tx) => {
    const before = await lockComment(tx, id);
    if (!before) return { ok: false, reason: "missing" } as const;
    if (commentVersion(before) !== version) return { ok: false, reason: "conflict" } as const;
    // The times to the microsecond, so a restored comment sorts exactly where it was.
    const { rows } = await tx.execute<{ created_at: string; hidden_at: string | null }>(sql`
      DELETE FROM comments WHERE id = ${id}
      RETURNING ${exactUtc(sql`created_at`)} AS created_at, ${exactUtc(sql`hidden_at`)} AS hidden_at`);
    await audit(tx, staff, { action: "delete", entity: "comment", entityId: id, before: { ...before, ...rows[0] } });
    await announcePageChanges(tx, [articlePageTag(before.article_id)]);
    return { ok: true } as const;
  });
}

const exactUtc = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CommentRecordShape = z.object({
  id: z.number().int().positive(),
  article_id: z.number().int().positive(),
  name: z.string(),
  content: z.string(),
  is_popular: z.boolean(),
  hidden_at: z.string().nullable(),
  created_at: z.string(),
});

export type CommentRestore = { ok: true; id: number } | { ok: false; reason: "missing" | "not-restorable" | "exists" | "article-gone" };

/**
 * Puts back a comment a "delete" audit entry recorded: the same id, article, words, marks and
 * time (the visitor's address hash was never kept), audited as "restore". "exists" when it is
 * back already; "article-gone" when its article has been deleted since.
 */
export async function restoreComment(db: Database, staff: Pick<StaffIdentity, "id" | "email">, auditId: number): Promise<CommentRestore> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ action: string; before: unknown }>(
      sql`SELECT action, before FROM audit_log WHERE id = ${auditId} AND entity = 'comment'`,
    );
    const entry = rows[0];
    if (!entry) return { ok: false, reason: "missing" } as const;
    const record = CommentRecordShape.safeParse(entry.before);
    if (!RESTORABLE_AUDIT.comment!.includes(entry.action) || !record.success) return { ok: false, reason: "not-restorable" } as const;
    const c = record.data;
    // The article row is locked so it cannot be deleted between this check and the insert.
    const article = await tx.execute(sql`SELECT 1 FROM articles WHERE id = ${c.article_id} FOR KEY SHARE`);
    if (!article.rows.length) return { ok: false, reason: "article-gone" } as const;
    const inserted = await tx.execute(sql`
      INSERT INTO comments (id, article_id, name, content, is_popular, hidden_at, created_at)
      VALUES (${c.id}, ${c.article_id}, ${c.name}, ${c.content}, ${c.is_popular}, ${c.hidden_at}, ${c.created_at})
      ON CONFLICT (id) DO NOTHING RETURNING id`);
    if (!inserted.rows.length) return { ok: false, reason: "exists" } as const;
    await audit(tx, staff, { action: "restore", entity: "comment", entityId: c.id, after: c });
    await announcePageChanges(tx, [articlePageTag(c.article_id)]);
    return { ok: true, id: c.id } as const;
  });
}
