/**
 * Usage events (docs/decisions/0019): sealed batches from browsers are opened, every event is
 * validated, valid ones are stored in one statement, and everything else is dropped and counted
 * per day, never stored. The report answers what the site collects.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { UsageEvent } from "~/lib/usage-events";
import type { Database } from "../db/client.server";
import { type Sealed, unseal } from "./sealing.server";

/** The most events one beacon may carry (the client sends at most 20). */
export const MAX_EVENTS_PER_BATCH = 50;

export async function collect(db: Database, sealed: Sealed): Promise<{ stored: number; dropped: number } | null> {
  const plaintext = await unseal(db, sealed);
  if (plaintext === null) return null;
  let batch: unknown;
  try {
    batch = JSON.parse(plaintext);
  } catch {
    return null;
  }
  if (!Array.isArray(batch)) return null;
  const valid: UsageEvent[] = [];
  for (const item of batch.slice(0, MAX_EVENTS_PER_BATCH)) {
    const parsed = UsageEvent.safeParse(item);
    if (parsed.success) valid.push(parsed.data);
  }
  const dropped = batch.length - valid.length;
  await db.transaction(async (tx) => {
    if (valid.length) {
      await tx.execute(sql`
        INSERT INTO usage_events (kind, event_type, object_type, occurred_at, url, lang, device_id, data)
        SELECT e->>'kind', (e->>'event_type')::int, (e->>'object_type')::int, to_timestamp((e->>'at')::bigint / 1000.0),
               e->>'url', e->>'lang', e->>'device_id', e
        FROM jsonb_array_elements(${JSON.stringify(valid)}::jsonb) AS e`);
    }
    if (dropped > 0) {
      await tx.execute(sql`
        INSERT INTO usage_dropped (day, count) VALUES (current_date, ${dropped})
        ON CONFLICT (day) DO UPDATE SET count = usage_dropped.count + excluded.count`);
    }
  });
  return { stored: valid.length, dropped };
}

export const ReportOptions = z.object({ days: z.number().int().min(1).max(366).default(30) });

/** Views per day, page and language; top clicked elements; impressions; errors by type; dropped events. */
export async function usageReport(db: Pick<Database, "execute">, days = 30) {
  const since = sql`now() - make_interval(days => ${days})`;
  const [views, clicks, exposes, errors, dropped] = await Promise.all([
    db.execute<{ day: string; path: string; lang: string; views: number }>(sql`
      SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
             regexp_replace(url, '^https?://[^/]+|[?#].*$', '', 'g') AS path, lang, count(*)::int AS views
      FROM usage_events WHERE kind = 'view' AND occurred_at > ${since}
      GROUP BY 1, 2, 3 ORDER BY 1 DESC, 4 DESC LIMIT 500`),
    db.execute<{ key: string; content: string; clicks: number }>(sql`
      SELECT data->>'key' AS key, left(data->>'content', 60) AS content, count(*)::int AS clicks
      FROM usage_events WHERE kind = 'click' AND occurred_at > ${since}
      GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 20`),
    db.execute<{ key: string; impressions: number }>(sql`
      SELECT data->>'key' AS key, count(*)::int AS impressions
      FROM usage_events WHERE kind = 'expose' AND occurred_at > ${since}
      GROUP BY 1 ORDER BY 2 DESC LIMIT 20`),
    db.execute<{ error_type: number; errors: number }>(sql`
      SELECT (data->>'error_type')::int AS error_type, count(*)::int AS errors
      FROM usage_events WHERE kind = 'error' AND occurred_at > ${since}
      GROUP BY 1 ORDER BY 1`),
    db.execute<{ dropped: number }>(sql`SELECT coalesce(sum(count), 0)::int AS dropped FROM usage_dropped WHERE day > (now() - make_interval(days => ${days}))::date`),
  ]);
  return { views: views.rows, clicks: clicks.rows, impressions: exposes.rows, errors: errors.rows, dropped: dropped.rows[0]?.dropped ?? 0 };
}
