/**
 * The staff area's start page: how much waits in each area the signed-in role may use. It only
 * counts rows of other domains' tables (read-only), so each area's own service stays the one
 * place that changes them. Each count reads an index range of what is waiting or recent (today on,
 * the last 7 or 30 days, the hidden), never a table's whole history (bench/scale.ts, staff rows).
 */
import { sql } from "drizzle-orm";
import { canUse, type StaffRole } from "@contracts/staff-access";
import type { Database } from "../db/client.server";

export interface DashboardCounts {
  bookings?: { unsolvedUpcoming: number; today: number };
  inbox?: { newMessages: number; newApplications: number; undelivered: number };
  comments?: { lastWeek: number; hidden: number };
  feedback?: { unsolvedLastMonth: number; searchMisses: number };
  content?: { drafts: number; scheduled: number; failed: number };
}

export async function dashboardCounts(db: Pick<Database, "execute">, role: StaffRole, timeZone: string): Promise<DashboardCounts> {
  const counts: DashboardCounts = {};
  const one = async (query: ReturnType<typeof sql>) => (await db.execute<Record<string, number>>(query)).rows[0]!;
  if (canUse(role, "bookings")) {
    // Only slots from the start of today on are read (an index range): past bookings are never counted here.
    const today = sql`(date_trunc('day', now() AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`;
    const tomorrow = sql`((date_trunc('day', now() AT TIME ZONE ${timeZone}) + interval '1 day') AT TIME ZONE ${timeZone})`;
    const r = await one(sql`
      SELECT count(*) FILTER (WHERE b.status = 'unsolved' AND s.starts_at >= now())::int AS upcoming,
             count(*) FILTER (WHERE b.status <> 'cancelled' AND s.starts_at >= ${today} AND s.starts_at < ${tomorrow})::int AS today
      FROM booking_slots s JOIN bookings b ON b.slot_id = s.id
      WHERE s.starts_at >= LEAST(now(), ${today})`);
    counts.bookings = { unsolvedUpcoming: r.upcoming!, today: r.today! };
  }
  if (canUse(role, "inbox")) {
    const r = await one(sql`
      SELECT (SELECT count(*) FROM visitor_messages WHERE status = 'new')::int AS messages,
             (SELECT count(*) FROM partner_applications WHERE status = 'new')::int AS applications,
             (SELECT count(*) FROM outbox WHERE delivered_at IS NULL AND attempts > 0)::int AS undelivered`);
    counts.inbox = { newMessages: r.messages!, newApplications: r.applications!, undelivered: r.undelivered! };
  }
  if (canUse(role, "comments")) {
    const r = await one(sql`
      SELECT (SELECT count(*) FROM comments WHERE created_at > now() - interval '7 days')::int AS week,
             (SELECT count(*) FROM comments WHERE hidden_at IS NOT NULL)::int AS hidden`);
    counts.comments = { lastWeek: r.week!, hidden: r.hidden! };
  }
  if (canUse(role, "feedback")) {
    const r = await one(sql`
      SELECT (SELECT count(*) FROM help_votes WHERE NOT solved AND updated_at > now() - interval '30 days')::int AS unsolved,
             (SELECT count(*) FROM search_misses WHERE last_seen > now() - interval '30 days')::int AS misses`);
    counts.feedback = { unsolvedLastMonth: r.unsolved!, searchMisses: r.misses! };
  }
  if (canUse(role, "content")) {
    const r = await one(sql`
      SELECT count(*) FILTER (WHERE publish_at IS NULL AND draft_source IS DISTINCT FROM published_source)::int AS drafts,
             count(*) FILTER (WHERE publish_at IS NOT NULL)::int AS scheduled,
             count(*) FILTER (WHERE publish_error IS NOT NULL)::int AS failed
      FROM content_documents`);
    counts.content = { drafts: r.drafts!, scheduled: r.scheduled!, failed: r.failed! };
  }
  return counts;
}
