/**
 * Usage events (docs/decisions/0019): sealed batches from browsers are opened, every event is
 * validated, valid ones are stored in one statement, and everything else is dropped and counted
 * per day, never stored. The report answers what the site collects (npm run usage:report and the
 * staff area's /admin/usage); events are kept USAGE_RETENTION_DAYS and then pruned.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { LANG_KEYS } from "~/i18n/languages";
import { UsageEvent } from "~/lib/usage-events.server";
import { REPORT_PERIODS, type ReportPeriod } from "@contracts/usage-report";
import type { Database } from "../db/client.server";
import { spendAllowance } from "../infrastructure/abuse-limits.server";
import { type Sealed, unseal } from "../infrastructure/sealing.server";

/** The most events one beacon may carry (the client sends at most 20). */
export const MAX_EVENTS_PER_BATCH = 50;

/**
 * A beacon is stored once: its digest is kept this long, and events older than this at arrival
 * are dropped, so a beacon replayed after its digest is pruned stores nothing either.
 */
export const REPLAY_WINDOW_HOURS = 48;

export type CollectOutcome = { stored: number; dropped: number; replayed: boolean };

/**
 * Opens a sealed batch and stores its valid events, or null when it does not open. The same
 * batch again within the replay window stores nothing (`replayed`). Every event sent spends the
 * sender's `track-events` allowance, all of a batch or none (AbuseLimitExceeded).
 */
export async function collect(db: Database, sealed: Sealed, ip: string | undefined): Promise<CollectOutcome | null> {
  const plaintext = await unseal(db, sealed);
  if (plaintext === null) return null;
  let batch: unknown;
  try {
    batch = JSON.parse(plaintext);
  } catch {
    return null;
  }
  if (!Array.isArray(batch)) return null;
  const oldest = Date.now() - REPLAY_WINDOW_HOURS * 3_600_000;
  const valid: UsageEvent[] = [];
  for (const item of batch.slice(0, MAX_EVENTS_PER_BATCH)) {
    const parsed = UsageEvent.safeParse(item);
    if (parsed.success && parsed.data.at >= oldest) valid.push(parsed.data);
  }
  const dropped = batch.length - valid.length;
  // The opened batch, not its sealing: the same events sealed again with a fresh key are the same beacon.
  const digest = createHash("sha256").update(plaintext).digest("base64url");
  let replayed = false;
  await db.transaction(async (tx) => {
    const fresh = await tx.execute(sql`INSERT INTO usage_beacons (digest) VALUES (${digest}) ON CONFLICT (digest) DO NOTHING RETURNING 1`);
    if (fresh.rows.length === 0) {
      replayed = true;
      return;
    }
    await spendAllowance(tx, "track-events", { ip }, Math.max(1, Math.min(batch.length, MAX_EVENTS_PER_BATCH)));
    if (valid.length) {
      await tx.execute(sql`
        INSERT INTO usage_events (kind, event_type, object_type, occurred_at, url, lang, device_id, data)
        SELECT e->>'kind', (e->>'event_type')::int, (e->>'object_type')::int, least(to_timestamp((e->>'at')::bigint / 1000.0), now()),
               e->>'url', e->>'lang', e->>'device_id', e
        FROM jsonb_array_elements(${JSON.stringify(valid)}::jsonb) AS e`);
    }
    if (dropped > 0) {
      await tx.execute(sql`
        INSERT INTO usage_dropped (day, count) VALUES (current_date, ${dropped})
        ON CONFLICT (day) DO UPDATE SET count = usage_dropped.count + excluded.count`);
    }
  });
  return replayed ? { stored: 0, dropped: 0, replayed } : { stored: valid.length, dropped, replayed };
}

/** A period from a page's address (?days=): one of REPORT_PERIODS, else 30. */
export function reportPeriod(value: unknown): ReportPeriod {
  const days = Number(value);
  return (REPORT_PERIODS as readonly number[]).includes(days) ? (days as ReportPeriod) : 30;
}

export const ReportOptions = z.object({ days: z.number().int().min(1).max(366).default(30) });

/** A view's path (usage_daily.a) without its language prefix (/zh/pricing → /pricing): one page across languages. */
const PAGE = sql`coalesce(nullif(regexp_replace(a, ${`^/(${LANG_KEYS.join("|")})(?=/|$)`}, '', 'i'), ''), '/')`;

/**
 * What usage tracking collected over the last `days` UTC days, today included: views per day,
 * page and language (the command's table), the daily counts of each kind, views per page and
 * per language, the most clicked and most seen marks, errors by type and by message and page,
 * and the events dropped as invalid. The command and the staff area's charts both read this.
 * It reads the daily roll-up the events' triggers keep (usage_daily, usage_daily_devices;
 * docs/decisions/0054): rows per day and page, not per event, however many events a period holds.
 */
export async function usageReport(db: Pick<Database, "execute">, days = 30) {
  const first = sql`((now() AT TIME ZONE 'UTC')::date - ${days - 1}::int)`;
  const inPeriod = sql`day >= ${first}`;
  const [views, daily, totals, pages, languages, clicks, exposes, errors, errorMessages, dropped] = await Promise.all([
    db.execute<{ day: string; path: string; lang: string; views: number }>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, a AS path, b AS lang, sum(events)::int AS views
      FROM usage_daily WHERE kind = 'view' AND ${inPeriod}
      GROUP BY day, a, b ORDER BY day DESC, 4 DESC LIMIT 500`),
    db.execute<{ day: string; views: number; clicks: number; impressions: number; errors: number }>(sql`
      SELECT to_char(d, 'YYYY-MM-DD') AS day,
             coalesce(sum(u.events) FILTER (WHERE u.kind = 'view'), 0)::int AS views,
             coalesce(sum(u.events) FILTER (WHERE u.kind = 'click'), 0)::int AS clicks,
             coalesce(sum(u.events) FILTER (WHERE u.kind = 'expose'), 0)::int AS impressions,
             coalesce(sum(u.events) FILTER (WHERE u.kind = 'error'), 0)::int AS errors
      FROM generate_series(${first}, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
      LEFT JOIN usage_daily u ON u.day = d::date AND u.day >= ${first}
      GROUP BY d ORDER BY d`),
    db.execute<{ views: number; clicks: number; impressions: number; errors: number; devices: number }>(sql`
      SELECT coalesce(sum(events) FILTER (WHERE kind = 'view'), 0)::int AS views, coalesce(sum(events) FILTER (WHERE kind = 'click'), 0)::int AS clicks,
             coalesce(sum(events) FILTER (WHERE kind = 'expose'), 0)::int AS impressions, coalesce(sum(events) FILTER (WHERE kind = 'error'), 0)::int AS errors,
             (SELECT count(DISTINCT device_id) FROM usage_daily_devices WHERE ${inPeriod})::int AS devices
      FROM usage_daily WHERE ${inPeriod}`),
    db.execute<{ page: string; views: number }>(sql`
      SELECT ${PAGE} AS page, sum(events)::int AS views
      FROM usage_daily WHERE kind = 'view' AND ${inPeriod}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20`),
    db.execute<{ lang: string; views: number }>(sql`
      SELECT b AS lang, sum(events)::int AS views
      FROM usage_daily WHERE kind = 'view' AND ${inPeriod}
      GROUP BY 1 ORDER BY 2 DESC, 1`),
    db.execute<{ key: string; content: string; target: string; clicks: number }>(sql`
      SELECT a AS key, b AS content, c AS target, sum(events)::int AS clicks
      FROM usage_daily WHERE kind = 'click' AND ${inPeriod}
      GROUP BY 1, 2, 3 ORDER BY 4 DESC, 1, 3 LIMIT 20`),
    db.execute<{ key: string; impressions: number }>(sql`
      SELECT a AS key, sum(events)::int AS impressions
      FROM usage_daily WHERE kind = 'expose' AND ${inPeriod}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20`),
    db.execute<{ error_type: number; errors: number }>(sql`
      SELECT nullif(a, '')::int AS error_type, sum(events)::int AS errors
      FROM usage_daily WHERE kind = 'error' AND ${inPeriod}
      GROUP BY 1 ORDER BY 1`),
    db.execute<{ error_type: number; message: string; page: string; errors: number }>(sql`
      SELECT nullif(a, '')::int AS error_type, b AS message, c AS page, sum(events)::int AS errors
      FROM usage_daily WHERE kind = 'error' AND ${inPeriod}
      GROUP BY 1, 2, 3 ORDER BY 4 DESC, 2, 3 LIMIT 20`),
    db.execute<{ dropped: number }>(sql`SELECT coalesce(sum(count), 0)::int AS dropped FROM usage_dropped WHERE day >= ${first}`),
  ]);
  const total = totals.rows[0] ?? { views: 0, clicks: 0, impressions: 0, errors: 0, devices: 0 };
  return {
    days,
    /** The first UTC day of the period (YYYY-MM-DD). */
    from: daily.rows[0]?.day ?? "",
    totals: { ...total, dropped: dropped.rows[0]?.dropped ?? 0 },
    daily: daily.rows,
    views: views.rows,
    pages: pages.rows,
    languages: languages.rows,
    clicks: clicks.rows,
    impressions: exposes.rows,
    errors: errors.rows,
    errorMessages: errorMessages.rows,
    dropped: dropped.rows[0]?.dropped ?? 0,
  };
}
export type UsageReport = Awaited<ReturnType<typeof usageReport>>;

// ---- retention -------------------------------------------------------------------------------

/** Rows deleted per statement, so pruning a large backlog never holds a long lock or hits the statement timeout. */
const PRUNE_BATCH = 5_000;

/**
 * Deletes usage events that happened more than `retentionDays` ago (USAGE_RETENTION_DAYS) and the
 * dropped counts of those days. An event's time is never later than its arrival (collect clamps
 * it), so nothing stays longer than that after it was received. Runs in batches along the
 * (kind, occurred_at) index; returns how many events went.
 */
export async function pruneUsageEvents(db: Pick<Database, "execute">, retentionDays: number): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${retentionDays})`;
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db.execute(sql`
      DELETE FROM usage_events WHERE id IN (
        SELECT id FROM usage_events
        WHERE kind IN ('click', 'view', 'expose', 'error') AND occurred_at < ${cutoff}
        LIMIT ${PRUNE_BATCH})`);
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < PRUNE_BATCH) break;
  }
  await db.execute(sql`DELETE FROM usage_dropped WHERE day < (${cutoff})::date`);
  // Digests outside the replay window guard nothing: their events would be dropped as too old.
  await db.execute(sql`DELETE FROM usage_beacons WHERE received_at < now() - make_interval(hours => ${REPLAY_WINDOW_HOURS})`);
  return deleted;
}
