/**
 * Pre-sales appointments: the schedule, its slots and the bookings (spec sections 3, 5 and 8;
 * api.md "Pre-sales appointments"). Capacity is guarded in SQL: a conditional
 * `UPDATE … SET booked = booked + 1 WHERE booked < capacity RETURNING`, with the table's check
 * constraint as the last guard, so no slot is overbooked whatever the concurrency and however
 * many processes share the database. See docs/decisions/0013.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LangKey } from "~/i18n/languages";
import { normalizePhone } from "~/lib/booking-rules";
import type { Database } from "../db/client.server";
import type { BookingStatus } from "../db/schema";
import { clientHash, spendAllowance } from "./abuse-limits.server";
import { enqueue } from "./outbox.server";
import { newReference } from "./references.server";
import { getSecret } from "./secrets.server";

export const DEFAULT_BUSINESS_TIME_ZONE = "Asia/Shanghai";
/** How far ahead slots are made from the schedule. */
export const SLOT_HORIZON_DAYS = 56;
/** The longest range one calendar request may ask for. */
export const MAX_RANGE_DAYS = 62;

type Executor = Pick<Database, "execute">;

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
 * Makes the slots of the next SLOT_HORIZON_DAYS from the schedule, in business time (PostgreSQL
 * does the time-zone arithmetic, daylight-saving changes included). Slots that already exist are
 * kept (capacity follows the schedule, never below what is booked); future slots nobody ever
 * booked that the schedule no longer has are removed. Booked slots are never touched.
 */
export async function generateSlots(db: Executor, options: { timeZone?: string; days?: number } = {}) {
  const tz = options.timeZone ?? DEFAULT_BUSINESS_TIME_ZONE;
  const days = options.days ?? SLOT_HORIZON_DAYS;
  const wanted = sql`
    WITH days AS (
      SELECT d::date AS day
      FROM generate_series((now() AT TIME ZONE ${tz})::date, (now() AT TIME ZONE ${tz})::date + ${days}::int, interval '1 day') d
    )
    SELECT ((day + s.start_time::time + make_interval(mins => n * s.slot_minutes)) AT TIME ZONE ${tz}) AS starts_at,
           ((day + s.start_time::time + make_interval(mins => (n + 1) * s.slot_minutes)) AT TIME ZONE ${tz}) AS ends_at,
           s.capacity
    FROM days
    JOIN booking_schedule s ON s.weekday = extract(dow FROM day)::int
    CROSS JOIN LATERAL generate_series(0, (extract(epoch FROM (s.end_time::time - s.start_time::time)) / 60)::int / s.slot_minutes - 1) AS n
    WHERE day NOT IN (SELECT day FROM booking_closed_dates)`;
  const removed = await db.execute(sql`
    DELETE FROM booking_slots sl
    WHERE sl.starts_at > now() AND sl.booked = 0
      AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.slot_id = sl.id)
      AND sl.starts_at NOT IN (SELECT starts_at FROM (${wanted}) w)`);
  const upserted = await db.execute(sql`
    INSERT INTO booking_slots (starts_at, ends_at, capacity)
    SELECT starts_at, ends_at, capacity FROM (${wanted}) w WHERE starts_at > now()
    ON CONFLICT (starts_at) DO UPDATE SET
      ends_at = excluded.ends_at,
      capacity = greatest(excluded.capacity, booking_slots.booked)
    WHERE booking_slots.capacity IS DISTINCT FROM greatest(excluded.capacity, booking_slots.booked)
       OR booking_slots.ends_at IS DISTINCT FROM excluded.ends_at`);
  return { removed: removed.rowCount ?? 0, written: upserted.rowCount ?? 0 };
}

/** Future slots between two business dates (inclusive), grouped by business date. */
export async function listSlots(db: Executor, q: { from: string; to: string; timeZone: string }) {
  const { rows } = await db.execute<{ id: number; starts_at: Date; ends_at: Date; capacity: number; booked: number; day: string }>(sql`
    SELECT id, starts_at, ends_at, capacity, booked, to_char(starts_at AT TIME ZONE ${q.timeZone}, 'YYYY-MM-DD') AS day
    FROM booking_slots
    WHERE starts_at > now()
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
 * transaction. A submission retried with the same idempotency key returns the first booking.
 */
export async function createBooking(
  db: Database,
  input: BookingInput,
  ctx: { ip: string | undefined; idempotencyKey?: string; timeZone: string },
): Promise<BookingOutcome> {
  if (ctx.idempotencyKey) {
    const earlier = await bookingByKey(db, ctx.idempotencyKey, ctx.timeZone);
    if (earlier) return { ok: true, booking: earlier };
  }
  try {
    return await db.transaction(async (tx) => {
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
                ${input.content}, ${input.contactFrom}, ${input.contactTo}, ${input.lang}, ${ctx.idempotencyKey ?? null}, ${client})
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id, reference`);
      const row = inserted.rows[0];
      if (!row) throw new DuplicateSubmission(); // a concurrent retry won: undo our place, return its booking
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
    if (err instanceof DuplicateSubmission && ctx.idempotencyKey) {
      const earlier = await bookingByKey(db, ctx.idempotencyKey, ctx.timeZone);
      if (earlier) return { ok: true, booking: earlier };
    }
    throw err;
  }
}

/** The booking behind a manage link; null for an unknown id or a wrong token. */
export async function getBooking(db: Executor, id: number, token: string, timeZone: string): Promise<BookingView | null> {
  if (!(await tokenMatches(db, id, token))) return null;
  const { rows } = await db.execute<{ id: number; reference: string; slot_id: number; starts_at: Date; ends_at: Date; company: string; status: BookingStatus; created_at: Date }>(sql`
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

/** Cancels a booking through its manage link and frees its place, once; cancelling again changes nothing. */
export async function cancelBooking(db: Database, id: number, token: string, ctx: { ip: string | undefined; timeZone: string }): Promise<CancelOutcome> {
  if (!(await tokenMatches(db, id, token))) return { ok: false, reason: "missing" };
  const outcome = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ slot_id: number; started: boolean; status: BookingStatus }>(sql`
      SELECT b.slot_id, s.starts_at <= now() AS started, b.status
      FROM bookings b JOIN booking_slots s ON s.id = b.slot_id WHERE b.id = ${id} FOR UPDATE OF b`);
    const row = rows[0];
    if (!row) return "missing" as const;
    if (row.status === "cancelled") return "done" as const;
    if (row.started) return "started" as const;
    await spendAllowance(tx, "booking-cancel", { ip: ctx.ip, target: id });
    await tx.execute(sql`UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE id = ${id}`);
    await tx.execute(sql`UPDATE booking_slots SET booked = booked - 1 WHERE id = ${row.slot_id}`);
    await enqueue(tx, "booking.cancelled", { id });
    return "done" as const;
  });
  if (outcome !== "done") return { ok: false, reason: outcome };
  const booking = await getBooking(db, id, token, ctx.timeZone);
  return booking ? { ok: true, booking } : { ok: false, reason: "missing" };
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
