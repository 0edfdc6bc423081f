import { sql } from "drizzle-orm";
import type { CommentView } from "~/lib/article-types";
import type { Database } from "../db/client.server";

export const COMMENT_LIMITS = {
  nameMax: 50,
  contentMax: 1000,
  /** 10030: more than this many comments within the burst window. */
  burstMax: 3,
  burstWindow: "1 minute",
  /** 10042: more than this many attempts within the hour. */
  hourMax: 10,
  hourWindow: "1 hour",
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

export type AddCommentOutcome =
  | { ok: true; comment: CommentView }
  | { ok: false; reason: "articleMissing" | "tooManyRequests" | "tooManyRecent" };

/**
 * Stores a comment if the visitor is within both limits. The limit row is updated with one
 * atomic upsert (the row lock serialises concurrent posts), and the insert shares its
 * transaction: a failed insert does not spend the visitor's allowance.
 */
export async function addComment(
  db: Database,
  input: { articleId: number; name: string; content: string; visitorHash: string },
): Promise<AddCommentOutcome> {
  return db.transaction(async (tx) => {
    const article = await tx.execute(sql`SELECT 1 FROM articles WHERE id = ${input.articleId} AND status = 'published' AND published_at <= now()`);
    if (!article.rows.length) return { ok: false, reason: "articleMissing" } as const;
    const { rows } = await tx.execute<{ burst_count: number; hour_count: number }>(sql`
      INSERT INTO rate_limits AS r (visitor_hash, action, burst_start, burst_count, hour_start, hour_count)
      VALUES (${input.visitorHash}, 'comment', now(), 1, now(), 1)
      ON CONFLICT (visitor_hash, action) DO UPDATE SET
        burst_start = CASE WHEN r.burst_start <= now() - ${COMMENT_LIMITS.burstWindow}::interval THEN now() ELSE r.burst_start END,
        burst_count = CASE WHEN r.burst_start <= now() - ${COMMENT_LIMITS.burstWindow}::interval THEN 1 ELSE r.burst_count + 1 END,
        hour_start = CASE WHEN r.hour_start <= now() - ${COMMENT_LIMITS.hourWindow}::interval THEN now() ELSE r.hour_start END,
        hour_count = CASE WHEN r.hour_start <= now() - ${COMMENT_LIMITS.hourWindow}::interval THEN 1 ELSE r.hour_count + 1 END
      RETURNING burst_count, hour_count`);
    const { burst_count, hour_count } = rows[0]!;
    if (hour_count > COMMENT_LIMITS.hourMax) return { ok: false, reason: "tooManyRecent" } as const;
    if (burst_count > COMMENT_LIMITS.burstMax) return { ok: false, reason: "tooManyRequests" } as const;
    const inserted = await tx.execute<CommentView & Record<string, unknown>>(sql`
      INSERT INTO comments (article_id, name, content, visitor_hash) VALUES (${input.articleId}, ${input.name}, ${input.content}, ${input.visitorHash})
      RETURNING id, name, content, is_popular, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`);
    return { ok: true, comment: inserted.rows[0]! } as const;
  });
}
