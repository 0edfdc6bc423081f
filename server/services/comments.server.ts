import { sql } from "drizzle-orm";
import type { CommentView } from "~/lib/article-types";
import type { Database } from "../db/client.server";
import { clientHash, spendAllowance } from "./abuse-limits.server";

export const COMMENT_LIMITS = {
  nameMax: 50,
  contentMax: 1000,
} as const;

export async function listComments(
  db: Database,
  articleId: number,
  q: { page: number; pageSize: number; sort: "latest" | "popular" },
): Promise<{ list: CommentView[]; total: number; page: number; page_size: number; has_more: boolean }> {
  // "popular": comments editors marked popular first, then newest; "latest": newest first.
  const order = q.sort === "popular" ? sql`is_popular DESC, created_at DESC, id DESC` : sql`created_at DESC, id DESC`;
  const offset = (q.page - 1) * q.pageSize;
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute<CommentView & Record<string, unknown>>(sql`
      SELECT id, name, content, is_popular, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
      FROM comments WHERE article_id = ${articleId} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${offset}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM comments WHERE article_id = ${articleId}`),
  ]);
  const total = count[0]!.total;
  return { list: rows, total, page: q.page, page_size: q.pageSize, has_more: offset + rows.length < total };
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
    return { ok: true, comment: inserted.rows[0]! } as const;
  });
}
