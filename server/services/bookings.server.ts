/**
 * Pre-sales appointments: the schedule, its slots and the bookings (spec sections 3, 5 and 8;
 * api.md "Pre-sales appointments"). Capacity is guarded in SQL: a conditional
 * `UPDATE … SET booked = booked + 1 WHERE booked < capacity RETURNING`, with the table's check
 * constraint as the last guard, so no slot is overbooked whatever the concurrency and however
 * many processes share the database. See docs/decisions/0013.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { LangKey } from "~/i18n/languages";
import { normalizePhone } from "@contracts/booking-fields";
import { ScheduleInput, SchedulePeriod as SchedulePeriodShape, type SchedulePeriod } from "@contracts/booking-schedule";
import type { StaffIdentity } from "@contracts/staff-access";
import type { Database, Executor } from "../db/client.server";
import type { BookingStatus } from "../db/schema";
import { isoUtc } from "../db/sql-helpers.server";
import { clientHash, spendAllowance } from "../infrastructure/abuse-limits.server";
import { enqueue } from "../infrastructure/outbox.server";
import { newReference } from "../infrastructure/references.server";
import { getSecret } from "../infrastructure/secrets.server";
import { audit, RESTORABLE_AUDIT } from "./staff.server";

export const DEFAULT_BUSINESS_TIME_ZONE = "Asia/Shanghai";
/** How far ahead slots are made from the schedule. */
export const SLOT_HORIZON_DAYS = 56;
/** The longest range one calendar request may ask for. */
export const MAX_RANGE_DAYS = 62;

export interface SlotView {
  id: number;
  start: string;
  end: string;
  capacity: number;
  remaining: number;
  status: "bookable" | "full";
}

export interface BookingView {
  id: number;
  reference: string;
  slot: { id: number; start: string; end: string };
  company: string;
  status: BookingStatus;
  created_at: string;
}

/** An instant as ISO 8601 with the zone's offset at that instant, e.g. 2026-11-23T10:00:00+08:00. */
export function isoInZone(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZoneName: "longOffset",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : parts.timeZoneName!.replace("GMT", "");
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** Today's date in the business time zone (YYYY-MM-DD). */
export function todayInZone(timeZone: string, now = new Date()): string {
  return isoInZone(now, timeZone).slice(0, 10);
}

/**
 * The slots the schedule wants on the business dates `from` to `to` (SQL date expressions), as rows
 * of (starts_at, ends_at, capacity): each weekday's hours cut into slots, closed dates left out.
 * PostgreSQL does the time-zone arithmetic (`(date + time) AT TIME ZONE tz`), daylight-saving
 * changes included.
 */
function scheduledSlots(tz: string, from: SQL, to: SQL): SQL {
  return sql`
    SELECT ((d.day + s.start_time::time + make_interval(mins => n * s.slot_minutes)) AT TIME ZONE ${tz}) AS starts_at,
           ((d.day + s.start_time::time + make_interval(mins => (n + 1) * s.slot_minutes)) AT TIME ZONE ${tz}) AS ends_at,
           s.capacity
    FROM (SELECT g::date AS day FROM generate_series(${from}, ${to}, interval '1 day') g) d
    JOIN booking_schedule s ON s.weekday = extract(dow FROM d.day)::int
    CROSS JOIN LATERAL generate_series(0, (extract(epoch FROM (s.end_time::time - s.start_time::time)) / 60)::int / s.slot_minutes - 1) AS n
    WHERE d.day NOT IN (SELECT day FROM booking_closed_dates)`;
}

/** True for a slot (alias `sl`) the schedule no longer has on its business date: hours changed or the day closed. */
function offSchedule(tz: string): SQL {
  const day = sql`(sl.starts_at AT TIME ZONE ${tz})::date`;
  return sql`NOT EXISTS (SELECT 1 FROM (${scheduledSlots(tz, day, day)}) w WHERE w.starts_at = sl.starts_at)`;
}

/**
 * Makes the slots of the next SLOT_HORIZON_DAYS from the schedule, in business time. Slots that
 * already exist are kept (capacity follows the schedule, never below what is booked); future
 * slots nobody ever booked that the schedule no longer has are removed. A slot with bookings is
 * never removed and its times never change, so nobody's appointment moves: when the schedule no
 * longer has it (hours changed, the day closed) it keeps its bookings but is closed to new ones
 * (capacity = booked), and opens again if the schedule brings its time back.
 */
export async function generateSlots(db: Executor, options: { timeZone?: string; days?: number } = {}) {
  const tz = options.timeZone ?? DEFAULT_BUSINESS_TIME_ZONE;
  const days = options.days ?? SLOT_HORIZON_DAYS;
  const today = sql`(now() AT TIME ZONE ${tz})::date`;
  const wanted = scheduledSlots(tz, today, sql`${today} + ${days}::int`);
  const removed = await db.execute(sql`
    DELETE FROM booking_slots sl
    WHERE sl.starts_at > now() AND sl.booked = 0
      AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.slot_id = sl.id)
      AND sl.starts_at NOT IN (SELECT starts_at FROM (${wanted}) w)`);
  const closed = await db.execute(sql`
    UPDATE booking_slots sl SET capacity = sl.booked
    WHERE sl.starts_at > now() AND sl.capacity <> sl.booked
      AND sl.starts_at < ((${today} + ${days}::int + 1)::timestamp AT TIME ZONE ${tz})
      AND sl.starts_at NOT IN (SELECT starts_at FROM (${wanted}) w)`);
  const upserted = await db.execute(sql`
    INSERT INTO booking_slots (starts_at, ends_at, capacity)
    SELECT starts_at, ends_at, capacity FROM (${wanted}) w WHERE starts_at > now()
    ON CONFLICT (starts_at) DO UPDATE SET
      ends_at = CASE WHEN booking_slots.booked = 0 THEN excluded.ends_at ELSE booking_slots.ends_at END,
      capacity = greatest(excluded.capacity, booking_slots.booked)
    WHERE booking_slots.capacity IS DISTINCT FROM greatest(excluded.capacity, booking_slots.booked)
       OR (booking_slots.booked = 0 AND booking_slots.ends_at IS DISTINCT FROM excluded.ends_at)`);
  return { removed: removed.rowCount ?? 0, closed: closed.rowCount ?? 0, written: upserted.rowCount ?? 0 };
}

/** Future slots between two business dates (inclusive), grouped by business date. */
export async function listSlots(db: Executor, q: { from: string; to: string; timeZone: string }) {
  const { rows } = await db.execute<{ id: number; starts_at: Date; ends_at: Date; capacity: number; booked: number; day: string }>(sql`
    SELECT id, starts_at, ends_at, capacity, booked, to_char(starts_at AT TIME ZONE ${q.timeZone}, 'YYYY-MM-DD') AS day
    FROM booking_slots
    WHERE starts_at > now() AND capacity > 0
      AND starts_at >= (${q.from}::date::timestamp AT TIME ZONE ${q.timeZone})
      AND starts_at < ((${q.to}::date + 1)::timestamp AT TIME ZONE ${q.timeZone})
    ORDER BY starts_at`);
  const days = new Map<string, SlotView[]>();
  for (const r of rows) {
    const remaining = r.capacity - r.booked;
    const slot: SlotView = {
      id: r.id,
      start: isoInZone(new Date(r.starts_at), q.timeZone),
      end: isoInZone(new Date(r.ends_at), q.timeZone),
      capacity: r.capacity,
      remaining,
      status: remaining > 0 ? "bookable" : "full",
    };
    days.set(r.day, [...(days.get(r.day) ?? []), slot]);
  }
  return { time_zone: q.timeZone, days: [...days].map(([date, slots]) => ({ date, slots })) };
}

/** The private manage link's token: an HMAC of the booking id with a server secret. */
export async function manageToken(db: Executor, id: number): Promise<string> {
  const key = await getSecret(db as Database, "booking-manage");
  return createHmac("sha256", key).update(`booking:${id}`).digest("base64url");
}

async function tokenMatches(db: Executor, id: number, token: string): Promise<boolean> {
  const expected = Buffer.from(await manageToken(db, id));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface BookingInput {
  slotId: number;
  company: string;
  account: string;
  phone: string;
  chatApp: boolean;
  content: string;
  contactFrom: string;
  contactTo: string;
  lang: LangKey;
}

export type BookingOutcome =
  | { ok: true; booking: { id: number; reference: string; slot: { id: number; start: string; end: string }; manage_token: string } }
  | { ok: false; reason: "slotMissing" | "slotFull" };

/** Rolls back a booking transaction whose idempotency key turned out to be taken. */
class DuplicateSubmission extends Error {}

/**
 * The advisory-lock class of idempotency keys (the two-key form: its space is apart from the
 * one-key locks of migrations and imports).
 */
const IDEMPOTENCY_LOCK_CLASS = 26_007;

const BOOKING_ROW = sql`
  SELECT b.id, b.reference, s.id AS slot_id, s.starts_at, s.ends_at
  FROM bookings b JOIN booking_slots s ON s.id = b.slot_id`;

async function bookingByKey(db: Executor, key: string, timeZone: string) {
  const { rows } = await db.execute<{ id: number; reference: string; slot_id: number; starts_at: Date; ends_at: Date }>(
    sql`${BOOKING_ROW} WHERE b.idempotency_key = ${key}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    reference: row.reference,
    slot: { id: row.slot_id, start: isoInZone(new Date(row.starts_at), timeZone), end: isoInZone(new Date(row.ends_at), timeZone) },
    manage_token: await manageToken(db, row.id),
  };
}

/**
 * Books a place: takes one place of the slot (only if it exists, has not started and has room),
 * spends the visitor's allowance, stores the booking and its outbox message, all in one
 * transaction. A submission retried with the same idempotency key returns the first booking,
 * whatever the slot's places are by then: submissions of one key queue on a transaction-scoped
 * advisory lock and look for the key's booking before anything else, so a retry that raced the
 * first for a slot's last place waits for it to commit and finds its booking rather than "full"
 * (issue 26). The key's unique constraint stays the last guard.
 */
export async function createBooking(
  db: Database,
  input: BookingInput,
  ctx: { ip: string | undefined; idempotencyKey?: string; timeZone: string },
): Promise<BookingOutcome> {
  const key = ctx.idempotencyKey;
  try {
    return await db.transaction(async (tx) => {
      if (key) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${IDEMPOTENCY_LOCK_CLASS}::int, hashtext(${key}))`);
        // Read committed: this statement sees a booking the lock's previous holder committed.
        const earlier = await bookingByKey(tx, key, ctx.timeZone);
        if (earlier) return { ok: true, booking: earlier } as const;
      }
      const taken = await tx.execute<{ id: number; starts_at: Date; ends_at: Date }>(sql`
        UPDATE booking_slots SET booked = booked + 1
        WHERE id = ${input.slotId} AND starts_at > now() AND booked < capacity
        RETURNING id, starts_at, ends_at`);
      const slot = taken.rows[0];
      if (!slot) {
        const exists = await tx.execute(sql`SELECT 1 FROM booking_slots WHERE id = ${input.slotId} AND starts_at > now()`);
        return { ok: false, reason: exists.rows.length ? "slotFull" : "slotMissing" } as const;
      }
      await spendAllowance(tx, "booking", { ip: ctx.ip, target: input.slotId });
      const client = await clientHash(tx, ctx.ip);
      const inserted = await tx.execute<{ id: number; reference: string }>(sql`
        INSERT INTO bookings (reference, slot_id, company, account, phone, chat_app, content, contact_from, contact_to, lang, idempotency_key, client_hash)
        VALUES (${newReference("PS")}, ${slot.id}, ${input.company}, ${input.account}, ${normalizePhone(input.phone)}, ${input.chatApp},
                ${input.content}, ${input.contactFrom}, ${input.contactTo}, ${input.lang}, ${key ?? null}, ${client})
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id, reference`);
      const row = inserted.rows[0];
      if (!row) throw new DuplicateSubmission(); // the key is taken after all: undo our place, return its booking
      const view = {
        id: row.id,
        reference: row.reference,
        slot: { id: slot.id, start: isoInZone(new Date(slot.starts_at), ctx.timeZone), end: isoInZone(new Date(slot.ends_at), ctx.timeZone) },
      };
      await enqueue(tx, "booking.created", {
        ...view,
        company: input.company,
        account: input.account,
        phone: normalizePhone(input.phone),
        chat_app: input.chatApp ? "yes" : "no",
        content: input.content,
        contact_time: `${input.contactFrom}-${input.contactTo}`,
        lang: input.lang,
      });
      return { ok: true, booking: { ...view, manage_token: await manageToken(tx, row.id) } } as const;
    });
  } catch (err) {
    if (err instanceof DuplicateSubmission && key) {
      const earlier = await bookingByKey(db, key, ctx.timeZone);
      if (earlier) return { ok: true, booking: earlier };
    }
    throw err;
  }
}

/** The booking behind a manage link; null for an unknown id or a wrong token. */
export async function getBooking(db: Executor, id: number, token: string, timeZone: string): Promise<BookingView | null> {
  if (!(await tokenMatches(db, id, token))) return null;
  const { rows } = await db.execute<{
    id: number;
    reference: string;
    slot_id: number;
    starts_at: Date;
    ends_at: Date;
    company: string;
    status: BookingStatus;
    created_at: Date;
  }>(sql`
    SELECT b.id, b.reference, s.id AS slot_id, s.starts_at, s.ends_at, b.company, b.status, b.created_at
    FROM bookings b JOIN booking_slots s ON s.id = b.slot_id WHERE b.id = ${id}`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    reference: row.reference,
    slot: { id: row.slot_id, start: isoInZone(new Date(row.starts_at), timeZone), end: isoInZone(new Date(row.ends_at), timeZone) },
    company: row.company,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export type CancelOutcome = { ok: true; booking: BookingView } | { ok: false; reason: "missing" | "started" };

type CancelStep = "missing" | "started" | "already" | { before: BookingStatus; reference: string };

/**
 * Cancels a booking inside the caller's transaction, once: the booking row is locked, so of two
 * cancellations at the same time the second finds it cancelled and changes nothing ("already").
 * The place is freed (booked - 1, never below 0); in a slot the schedule no longer has (hours
 * changed, the day closed) the freed place is closed with it, so nobody books outside the hours.
 * `booking.cancelled` goes to the outbox in the same transaction. Visitors cannot cancel a slot
 * that has started; staff can.
 */
async function cancelInTransaction(
  tx: Executor,
  id: number,
  opts: { timeZone: string; by: "visitor" | "staff"; allowStarted: boolean; beforeChange?: () => Promise<void> },
): Promise<CancelStep> {
  const { rows } = await tx.execute<{ slot_id: number; started: boolean; status: BookingStatus; reference: string }>(sql`
    SELECT b.slot_id, s.starts_at <= now() AS started, b.status, b.reference
    FROM bookings b JOIN booking_slots s ON s.id = b.slot_id WHERE b.id = ${id} FOR UPDATE OF b`);
  const row = rows[0];
  if (!row) return "missing";
  if (row.status === "cancelled") return "already";
  if (row.started && !opts.allowStarted) return "started";
  await opts.beforeChange?.();
  const changed = await tx.execute(sql`
    UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE id = ${id} AND status <> 'cancelled' RETURNING id`);
  if (!changed.rows.length) return "already";
  await tx.execute(sql`
    UPDATE booking_slots sl
    SET booked = sl.booked - 1,
        capacity = CASE WHEN sl.starts_at > now() AND ${offSchedule(opts.timeZone)} THEN sl.booked - 1 ELSE sl.capacity END
    WHERE sl.id = ${row.slot_id} AND sl.booked > 0`);
  await enqueue(tx, "booking.cancelled", { id, reference: row.reference, cancelled_by: opts.by });
  return { before: row.status, reference: row.reference };
}

/** Cancels a booking through its manage link and frees its place, once; cancelling again changes nothing. */
export async function cancelBooking(db: Database, id: number, token: string, ctx: { ip: string | undefined; timeZone: string }): Promise<CancelOutcome> {
  if (!(await tokenMatches(db, id, token))) return { ok: false, reason: "missing" };
  const step = await db.transaction((tx) =>
    cancelInTransaction(tx, id, {
      timeZone: ctx.timeZone,
      by: "visitor",
      allowStarted: false,
      beforeChange: () => spendAllowance(tx, "booking-cancel", { ip: ctx.ip, target: id }),
    }),
  );
  if (step === "missing" || step === "started") return { ok: false, reason: step };
  const booking = await getBooking(db, id, token, ctx.timeZone);
  return booking ? { ok: true, booking } : { ok: false, reason: "missing" };
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---- staff area ------------------------------------------------------------------------------
// The bookings area of /admin (issue 13): bookings by day and month, each booking's details,
// solved/unsolved and cancelling, the weekly schedule, closed dates and the slots ahead.
// Every change is audited in its own transaction; races are settled by row locks and guarded
// UPDATEs, never by reading first and writing later.

export type StatusFilter = "all" | BookingStatus;

/** Days of slots the schedule page shows ahead (today included). */
export const STAFF_SLOTS_AHEAD_DAYS = 14;

export interface StaffBookingItem {
  id: number;
  reference: string;
  status: BookingStatus;
  company: string;
  account: string;
  slot: { id: number; start: string; end: string };
  created_at: string;
}

export interface StaffBookingDetail extends StaffBookingItem {
  phone: string;
  chat_app: boolean;
  content: string;
  contact_from: string;
  contact_to: string;
  lang: string;
  cancelled_at: string | null;
  slot: { id: number; start: string; end: string; capacity: number; booked: number };
}

type ItemRow = {
  id: number;
  reference: string;
  status: BookingStatus;
  company: string;
  account: string;
  slot_id: number;
  starts_at: Date;
  ends_at: Date;
  created_at: string;
};

const ITEM_COLUMNS = sql`b.id, b.reference, b.status, b.company, b.account, s.id AS slot_id, s.starts_at, s.ends_at, ${isoUtc(sql`b.created_at`)} AS created_at`;

function itemOf(r: ItemRow, timeZone: string): StaffBookingItem {
  return {
    id: r.id,
    reference: r.reference,
    status: r.status,
    company: r.company,
    account: r.account,
    slot: { id: r.slot_id, start: isoInZone(new Date(r.starts_at), timeZone), end: isoInZone(new Date(r.ends_at), timeZone) },
    created_at: r.created_at,
  };
}

const statusWhere = (status: StatusFilter) => (status === "all" ? sql`TRUE` : sql`b.status = ${status}`);

/** The bookings whose slot falls on one business date, in slot order. */
export async function listDayBookings(db: Executor, q: { day: string; status: StatusFilter; timeZone: string }): Promise<StaffBookingItem[]> {
  const { rows } = await db.execute<ItemRow>(sql`
    SELECT ${ITEM_COLUMNS}
    FROM bookings b JOIN booking_slots s ON s.id = b.slot_id
    WHERE s.starts_at >= (${q.day}::date::timestamp AT TIME ZONE ${q.timeZone})
      AND s.starts_at < ((${q.day}::date + 1)::timestamp AT TIME ZONE ${q.timeZone})
      AND ${statusWhere(q.status)}
    ORDER BY s.starts_at, b.id`);
  return rows.map((r) => itemOf(r, q.timeZone));
}

/** Bookings whose slot has not ended yet, soonest first, a page at a time. */
export async function listUpcomingBookings(
  db: Executor,
  q: { status: StatusFilter; page: number; pageSize: number; timeZone: string },
): Promise<{ list: StaffBookingItem[]; total: number }> {
  const where = sql`s.ends_at > now() AND ${statusWhere(q.status)}`;
  const [list, total] = await Promise.all([
    db.execute<ItemRow>(sql`
      SELECT ${ITEM_COLUMNS} FROM bookings b JOIN booking_slots s ON s.id = b.slot_id
      WHERE ${where} ORDER BY s.starts_at, b.id LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM bookings b JOIN booking_slots s ON s.id = b.slot_id WHERE ${where}`),
  ]);
  return { list: list.rows.map((r) => itemOf(r, q.timeZone)), total: total.rows[0]!.n };
}

export type DayCounts = {
  date: string;
  unsolved: number;
  solved: number;
  cancelled: number;
};

/** How many bookings of each status every business date of a month (YYYY-MM) has; days without any are left out. */
export async function bookingMonthCounts(db: Executor, q: { month: string; timeZone: string }): Promise<DayCounts[]> {
  const first = `${q.month}-01`;
  const { rows } = await db.execute<DayCounts>(sql`
    SELECT to_char(s.starts_at AT TIME ZONE ${q.timeZone}, 'YYYY-MM-DD') AS date,
           count(*) FILTER (WHERE b.status = 'unsolved')::int AS unsolved,
           count(*) FILTER (WHERE b.status = 'solved')::int AS solved,
           count(*) FILTER (WHERE b.status = 'cancelled')::int AS cancelled
    FROM bookings b JOIN booking_slots s ON s.id = b.slot_id
    WHERE s.starts_at >= (${first}::date::timestamp AT TIME ZONE ${q.timeZone})
      AND s.starts_at < ((${first}::date + interval '1 month')::timestamp AT TIME ZONE ${q.timeZone})
    GROUP BY 1 ORDER BY 1`);
  return rows;
}

/** Everything about one booking, for staff; null when there is no such booking. */
export async function staffBookingDetail(db: Executor, id: number, timeZone: string): Promise<StaffBookingDetail | null> {
  const { rows } = await db.execute<
    ItemRow & {
      phone: string;
      chat_app: boolean;
      content: string;
      contact_from: string;
      contact_to: string;
      lang: string;
      cancelled_at: string | null;
      capacity: number;
      booked: number;
    }
  >(sql`
    SELECT ${ITEM_COLUMNS}, b.phone, b.chat_app, b.content, b.contact_from, b.contact_to, b.lang,
           ${isoUtc(sql`b.cancelled_at`)} AS cancelled_at, s.capacity, s.booked
    FROM bookings b JOIN booking_slots s ON s.id = b.slot_id WHERE b.id = ${id}`);
  const r = rows[0];
  if (!r) return null;
  const item = itemOf(r, timeZone);
  return {
    ...item,
    slot: { ...item.slot, capacity: r.capacity, booked: r.booked },
    phone: r.phone,
    chat_app: r.chat_app,
    content: r.content,
    contact_from: r.contact_from,
    contact_to: r.contact_to,
    lang: r.lang,
    cancelled_at: r.cancelled_at,
  };
}

type Actor = Pick<StaffIdentity, "id" | "email">;

export type StatusChange = { ok: true; changed: boolean; booking: StaffBookingDetail } | { ok: false; reason: "missing" | "cancelled" };

/**
 * Marks a booking solved or unsolved (spec sections 3 and 4). A cancelled booking stays cancelled:
 * its place is already free. Setting the status it already has changes nothing and audits nothing.
 */
export async function setBookingStatus(db: Database, staff: Actor, q: { id: number; status: "solved" | "unsolved"; timeZone: string }): Promise<StatusChange> {
  const step = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: BookingStatus }>(sql`SELECT status FROM bookings WHERE id = ${q.id} FOR UPDATE`);
    const before = rows[0]?.status;
    if (!before) return "missing" as const;
    if (before === "cancelled") return "cancelled" as const;
    if (before === q.status) return "same" as const;
    const changed = await tx.execute(sql`UPDATE bookings SET status = ${q.status} WHERE id = ${q.id} AND status = ${before} RETURNING id`);
    if (!changed.rows.length) return "same" as const;
    await audit(tx, staff, {
      action: q.status === "solved" ? "solve" : "unsolve",
      entity: "booking",
      entityId: q.id,
      before: { status: before },
      after: { status: q.status },
    });
    return "changed" as const;
  });
  if (step === "missing" || step === "cancelled") return { ok: false, reason: step };
  const booking = await staffBookingDetail(db, q.id, q.timeZone);
  return booking ? { ok: true, changed: step === "changed", booking } : { ok: false, reason: "missing" };
}

/**
 * Cancels a booking for staff: the same cancellation as the visitor's manage link (the place freed
 * once, `booking.cancelled` in the outbox), audited; a slot that has started may be cancelled too.
 * Cancelling a cancelled booking changes nothing.
 */
export async function staffCancelBooking(
  db: Database,
  staff: Actor,
  q: { id: number; timeZone: string },
): Promise<{ ok: true; changed: boolean; booking: StaffBookingDetail } | { ok: false; reason: "missing" }> {
  const step = await db.transaction(async (tx) => {
    const outcome = await cancelInTransaction(tx, q.id, { timeZone: q.timeZone, by: "staff", allowStarted: true });
    if (typeof outcome === "object") {
      await audit(tx, staff, { action: "cancel", entity: "booking", entityId: q.id, before: { status: outcome.before }, after: { status: "cancelled" } });
    }
    return outcome;
  });
  if (step === "missing") return { ok: false, reason: "missing" };
  const booking = await staffBookingDetail(db, q.id, q.timeZone);
  return booking ? { ok: true, changed: typeof step === "object", booking } : { ok: false, reason: "missing" };
}

/** The weekly schedule, weekday then start time, and a version that changes whenever it does. */
export async function readSchedule(db: Executor): Promise<{ version: string; periods: SchedulePeriod[] }> {
  const { rows } = await db.execute<SchedulePeriod>(sql`
    SELECT weekday, start_time, end_time, slot_minutes, capacity FROM booking_schedule ORDER BY weekday, start_time, end_time`);
  return { version: scheduleVersion(rows), periods: rows };
}

const periodKey = (p: SchedulePeriod) => `${p.weekday}|${p.start_time}|${p.end_time}|${p.slot_minutes}|${p.capacity}`;

function scheduleVersion(periods: readonly SchedulePeriod[]): string {
  return createHash("sha256").update(periods.map(periodKey).join(",")).digest("hex").slice(0, 16);
}

function sortPeriods(periods: readonly SchedulePeriod[]): SchedulePeriod[] {
  return [...periods].sort((a, b) => a.weekday - b.weekday || a.start_time.localeCompare(b.start_time) || a.end_time.localeCompare(b.end_time));
}

export type SlotChanges = Awaited<ReturnType<typeof generateSlots>>;

export type ScheduleSave =
  { ok: true; changed: boolean; version: string; periods: SchedulePeriod[]; slots: SlotChanges | null } | { ok: false; reason: "conflict" };

const SCHEDULE_ENTITY = "booking-schedule";

/**
 * Writes `periods` as the weekly schedule over `before` (read under the table lock), makes the
 * slots again and audits it as `action`, in the caller's transaction. Only the weekdays that
 * changed are rewritten (their `updated_at` is the booking page's lastmod). The audit entry keeps
 * the whole schedule before and after, so any save can be undone from the log (restoreSchedule).
 */
async function writeSchedule(
  tx: Database,
  staff: Actor,
  q: { before: { version: string; periods: SchedulePeriod[] }; periods: readonly SchedulePeriod[]; timeZone: string; action: "update" | "restore" },
): Promise<ScheduleSave> {
  const { before } = q;
  const after = sortPeriods(q.periods);
  const version = scheduleVersion(after);
  if (version === before.version && after.map(periodKey).join() === before.periods.map(periodKey).join()) {
    return { ok: true, changed: false, version, periods: after, slots: null };
  }
  for (let weekday = 0; weekday <= 6; weekday++) {
    const was = before.periods
      .filter((p) => p.weekday === weekday)
      .map(periodKey)
      .join();
    const rows = after.filter((p) => p.weekday === weekday);
    if (rows.map(periodKey).join() === was) continue;
    await tx.execute(sql`DELETE FROM booking_schedule WHERE weekday = ${weekday}`);
    for (const p of rows) {
      await tx.execute(sql`
        INSERT INTO booking_schedule (weekday, start_time, end_time, slot_minutes, capacity, updated_at)
        VALUES (${p.weekday}, ${p.start_time}, ${p.end_time}, ${p.slot_minutes}, ${p.capacity}, now())`);
    }
  }
  const slots = await generateSlots(tx, { timeZone: q.timeZone });
  await audit(tx, staff, { action: q.action, entity: SCHEDULE_ENTITY, entityId: "weekly", before: before.periods, after });
  return { ok: true, changed: true, version, periods: after, slots };
}

/**
 * Replaces the weekly schedule (periods already checked with the shared rules), then makes the
 * slots again, in one transaction with its audit entry. `version` is the schedule the editor
 * loaded: one changed meanwhile is refused ("conflict") rather than overwritten. It is required
 * (issue 26): a save without it once replaced a whole schedule with an empty one unchecked.
 */
export async function saveSchedule(
  db: Database,
  staff: Actor,
  q: { periods: readonly SchedulePeriod[]; version: string; timeZone: string },
): Promise<ScheduleSave> {
  return db.transaction(async (tx) => {
    // One editor at a time (the seed takes the same lock); readers and slot generation are not blocked.
    await tx.execute(sql`LOCK TABLE booking_schedule IN SHARE ROW EXCLUSIVE MODE`);
    const before = await readSchedule(tx);
    if (q.version !== before.version) return { ok: false, reason: "conflict" } as const;
    return writeSchedule(tx, staff, { before, periods: q.periods, timeZone: q.timeZone, action: "update" });
  });
}

export type ScheduleRestore = ScheduleSave | { ok: false; reason: "missing" | "not-restorable" };

/**
 * Puts back the schedule an audit entry replaced (its `before`), as a save of its own (audited
 * "restore", itself undoable). The same optimistic check as a save: the schedule must still be
 * the one the entry left (its `after`); one changed since is a conflict (undo the later changes
 * first), never overwritten. Slots are made again; booked ones are never touched.
 */
export async function restoreSchedule(db: Database, staff: Actor, q: { auditId: number; timeZone: string }): Promise<ScheduleRestore> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE booking_schedule IN SHARE ROW EXCLUSIVE MODE`);
    const { rows } = await tx.execute<{ action: string; before: unknown; after: unknown }>(sql`
      SELECT action, before, after FROM audit_log WHERE id = ${q.auditId} AND entity = ${SCHEDULE_ENTITY}`);
    const entry = rows[0];
    if (!entry) return { ok: false, reason: "missing" } as const;
    const wanted = ScheduleInput.safeParse(entry.before);
    const left = z.array(SchedulePeriodShape).safeParse(entry.after);
    if (!RESTORABLE_AUDIT[SCHEDULE_ENTITY]!.includes(entry.action) || !wanted.success || !left.success) {
      return { ok: false, reason: "not-restorable" } as const;
    }
    const before = await readSchedule(tx);
    if (scheduleVersion(sortPeriods(left.data)) !== before.version) return { ok: false, reason: "conflict" } as const;
    return writeSchedule(tx, staff, { before, periods: wanted.data, timeZone: q.timeZone, action: "restore" });
  });
}

export type ClosedDate = {
  day: string;
  reason: string;
  /** Unsolved or solved bookings on that date: they keep their places; staff should contact them. */
  active_bookings: number;
};

/** Closed dates from today on (business time), with the bookings still on each. */
export async function listClosedDates(db: Executor, timeZone: string): Promise<ClosedDate[]> {
  const { rows } = await db.execute<ClosedDate>(sql`
    SELECT to_char(c.day, 'YYYY-MM-DD') AS day, c.reason,
           (SELECT count(*)::int FROM bookings b JOIN booking_slots s ON s.id = b.slot_id
            WHERE b.status <> 'cancelled' AND (s.starts_at AT TIME ZONE ${timeZone})::date = c.day) AS active_bookings
    FROM booking_closed_dates c
    WHERE c.day >= (now() AT TIME ZONE ${timeZone})::date
    ORDER BY c.day`);
  return rows;
}

async function activeBookingsOn(db: Executor, day: string, timeZone: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM bookings b JOIN booking_slots s ON s.id = b.slot_id
    WHERE b.status <> 'cancelled'
      AND s.starts_at >= (${day}::date::timestamp AT TIME ZONE ${timeZone})
      AND s.starts_at < ((${day}::date + 1)::timestamp AT TIME ZONE ${timeZone})`);
  return rows[0]!.n;
}

/**
 * Closes a business date (a holiday): its unbooked slots go, its booked ones stay for their
 * bookings but take no new ones. "exists" when the date is closed already.
 */
export async function addClosedDate(
  db: Database,
  staff: Actor,
  q: { day: string; reason: string; timeZone: string },
): Promise<{ ok: true; closed: ClosedDate; slots: SlotChanges } | { ok: false; reason: "exists" }> {
  return db.transaction(async (tx) => {
    const inserted = await tx.execute(sql`
      INSERT INTO booking_closed_dates (day, reason) VALUES (${q.day}, ${q.reason}) ON CONFLICT (day) DO NOTHING RETURNING day`);
    if (!inserted.rows.length) return { ok: false, reason: "exists" } as const;
    const slots = await generateSlots(tx, { timeZone: q.timeZone });
    await audit(tx, staff, { action: "add", entity: "booking-closed-date", entityId: q.day, after: { day: q.day, reason: q.reason } });
    return { ok: true, closed: { day: q.day, reason: q.reason, active_bookings: await activeBookingsOn(tx, q.day, q.timeZone) }, slots } as const;
  });
}

/** Opens a closed date again: the schedule's slots for it are made. "missing" when it was not closed. */
export async function removeClosedDate(
  db: Database,
  staff: Actor,
  q: { day: string; timeZone: string },
): Promise<{ ok: true; slots: SlotChanges } | { ok: false; reason: "missing" }> {
  return db.transaction(async (tx) => {
    const removed = await tx.execute<{ reason: string }>(sql`DELETE FROM booking_closed_dates WHERE day = ${q.day} RETURNING reason`);
    const row = removed.rows[0];
    if (!row) return { ok: false, reason: "missing" } as const;
    const slots = await generateSlots(tx, { timeZone: q.timeZone });
    await audit(tx, staff, { action: "remove", entity: "booking-closed-date", entityId: q.day, before: { day: q.day, reason: row.reason } });
    return { ok: true, slots } as const;
  });
}

export interface SlotAhead {
  id: number;
  date: string;
  start: string;
  end: string;
  capacity: number;
  booked: number;
  remaining: number;
  /** False for a slot kept only for its bookings: the schedule no longer has it, so it takes no new ones. */
  in_schedule: boolean;
}

/** The slots of today and the next days (business dates) that have not started, with their places. */
export async function slotsAhead(db: Executor, q: { days: number; timeZone: string }): Promise<SlotAhead[]> {
  const tz = q.timeZone;
  const { rows } = await db.execute<{ id: number; date: string; starts_at: Date; ends_at: Date; capacity: number; booked: number; in_schedule: boolean }>(sql`
    SELECT sl.id, to_char(sl.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date, sl.starts_at, sl.ends_at, sl.capacity, sl.booked,
           NOT ${offSchedule(tz)} AS in_schedule
    FROM booking_slots sl
    WHERE sl.starts_at > now()
      AND sl.starts_at < (((now() AT TIME ZONE ${tz})::date + ${q.days}::int)::timestamp AT TIME ZONE ${tz})
    ORDER BY sl.starts_at`);
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    start: isoInZone(new Date(r.starts_at), tz),
    end: isoInZone(new Date(r.ends_at), tz),
    capacity: r.capacity,
    booked: r.booked,
    remaining: r.capacity - r.booked,
    in_schedule: r.in_schedule,
  }));
}
