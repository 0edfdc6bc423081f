import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../server/services/bookings.server";
import { serveStaffForFile, type StaffClient } from "../support/admin";
import { queryRows, type TestServer } from "../support/api-server";
import * as adminBookingsApi from "../../server/api/endpoints/admin-bookings.server";
import * as adminStaffApi from "../../server/api/endpoints/admin-staff.server";
import * as bookingsApi from "../../server/api/endpoints/bookings.server";
import { apiUrl, readAnswer } from "../support/api-answers";

let server: TestServer;
let support: StaffClient;
let admin: StaffClient;
let editor: StaffClient;
serveStaffForFile((started) => ({ server, support, admin, editor } = started));

const q = <T>(text: string, params: unknown[] = []) => queryRows<T>(server, text, params);

/** The business date (Asia/Shanghai, the tests' zone) `days` from today. */
async function businessDate(days: number): Promise<string> {
  const [row] = await q<{ d: string }>("SELECT to_char((now() AT TIME ZONE 'Asia/Shanghai')::date + $1::int, 'YYYY-MM-DD') AS d", [days]);
  return row!.d;
}

/** A slot the schedule made on a business date, nobody booked yet. */
async function scheduleSlotOn(day: string, time = "10:00"): Promise<{ id: number; capacity: number }> {
  const [row] = await q<{ id: number; capacity: number }>(
    `SELECT id, capacity FROM booking_slots
     WHERE starts_at = ($1::date + $2::time) AT TIME ZONE 'Asia/Shanghai' AND booked = 0`,
    [day, time],
  );
  if (!row) throw new Error(`no free slot at ${day} ${time}`);
  return row;
}

/**
 * Business dates handed to tests so far. Each test books on a date no other test uses, counted
 * from the file's first day, so what one test books never takes another's slot whatever weekday
 * and hour the suite starts at (or crosses midnight): on a Friday "2, 3 and 4 days ahead" are all
 * the same Monday.
 */
let firstDay: string;
const givenDays = new Set<string>();
beforeAll(async () => {
  firstDay = await businessDate(0);
  // The seed's holidays (Christmas is a Friday in 2026) have no slots.
  for (const { day } of await q<{ day: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day FROM booking_closed_dates")) givenDays.add(day);
});

/**
 * The next business date, two or more days after the file's first day (its slots cannot start
 * during the run), that no test has had yet, is not closed, and whose weekday has hours in the
 * seed (Monday to Friday), or is `weekday`.
 */
function openWeekday(weekday?: number): { day: string; weekday: number } {
  for (let n = 2; n < 40; n++) {
    const day = addDays(firstDay, n);
    const wd = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (givenDays.has(day) || !(weekday === undefined ? wd >= 1 && wd <= 5 : wd === weekday)) continue;
    givenDays.add(day);
    return { day, weekday: wd };
  }
  throw new Error("no open weekday");
}

const VISITOR = {
  company: "Acme Trading",
  account: "buyer@acme.example",
  phone: "13800138000",
  chat_app: "no",
  content: "Forty store accounts to move to isolated profiles.",
  contact_from: "14:00",
  contact_to: "15:00",
};

let visitor = 0;
/** Books a place as a visitor would (each from its own address, under the per-address limit). */
async function book(slotId: number, fields: Record<string, unknown> = {}): Promise<{ id: number; reference: string; manage_token: string }> {
  visitor++;
  const res = await fetch(apiUrl(server.baseUrl, bookingsApi.subscribeAdd), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `100.65.${visitor >> 8}.${visitor & 255}` },
    body: JSON.stringify({ lang: "en", slot_id: slotId, ...VISITOR, ...fields }),
  });
  const { body } = await readAnswer(res, bookingsApi.subscribeAdd);
  if (body.code !== 0) throw new Error(`booking failed: ${JSON.stringify(body)}`);
  return body.data;
}

const slotRow = async (id: number) =>
  (await q<{ capacity: number; booked: number; ends_at: Date }>("SELECT capacity, booked, ends_at FROM booking_slots WHERE id = $1", [id]))[0];
const auditRows = (entity: string, entityId: string | number) =>
  q<{ action: string; staff_email: string; before: unknown; after: unknown }>(
    "SELECT action, staff_email, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id",
    [entity, String(entityId)],
  );

describe("who may use the bookings area", () => {
  it("refuses an editor (403 / 10407) on every bookings endpoint, reads and writes alike", async () => {
    for (const address of ["/admin/bookings", "/admin/bookings/calendar", "/admin/bookings/schedule"]) {
      const res = await editor.get(address);
      expect(res.status, address).toBe(403);
      expect(res.body.code, address).toBe(10407);
    }
    expect((await editor.get(adminBookingsApi.adminBookingDetail, { id: "1" })).body.code).toBe(10407);
    for (const [address, body] of [
      ["/admin/bookings/status", { id: 1, status: "solved" }],
      ["/admin/bookings/cancel", { id: 1 }],
      ["/admin/bookings/schedule/save", { periods: [] }],
      ["/admin/bookings/closed-dates/add", { day: "2030-01-01", reason: "x" }],
      ["/admin/bookings/closed-dates/remove", { day: "2030-01-01" }],
    ] as const) {
      const res = await editor.post(address, body);
      expect(res.status, address).toBe(403);
      expect(res.body.code, address).toBe(10407);
    }
  });

  it("needs a session (401 / 10401) and, for writes, the session's CSRF token (403 / 10408)", async () => {
    const anonymous = await fetch(apiUrl(server.baseUrl, adminBookingsApi.adminBookingList));
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: number }).code).toBe(10401);
    const forged = await support.post(adminBookingsApi.adminBookingCancel, { id: 1 }, { "x-csrf-token": "not-the-token" });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe(10408);
  });

  it("lets support and admins read", async () => {
    expect((await support.get(adminBookingsApi.adminBookingList)).status).toBe(200);
    expect((await admin.get(adminBookingsApi.adminBookingSchedule)).status).toBe(200);
  });
});

describe("bookings by day, month and upcoming", () => {
  it("lists a day's bookings, counts the month by status, lists the upcoming ones and shows the details", async () => {
    const { day } = openWeekday();
    const slot = await scheduleSlotOn(day, "11:00");
    const made = await book(slot.id, { company: "Day Listing Ltd", account: "none", chat_app: "yes", lang: "zh" });

    const list = await support.get(adminBookingsApi.adminBookingList, { day });
    expect(list.status).toBe(200);
    expect(list.body.data.time_zone).toBe("Asia/Shanghai");
    const item = list.body.data.list.find((b) => b.id === made.id)!;
    expect(item).toMatchObject({ reference: made.reference, status: "unsolved", company: "Day Listing Ltd", account: "none" });
    expect(item.slot.start).toBe(`${day}T11:00:00+08:00`);
    expect(item.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect((await support.get(adminBookingsApi.adminBookingList, { day, status: "solved" })).body.data.list.some((b) => b.id === made.id)).toBe(false);

    const calendar = await support.get(adminBookingsApi.adminBookingCalendar, { month: day.slice(0, 7) });
    expect(calendar.body.data.days.find((d) => d.date === day)).toMatchObject({ unsolved: expect.any(Number), solved: 0 });
    expect(calendar.body.data.days.find((d) => d.date === day)!.unsolved).toBeGreaterThanOrEqual(1);
    expect((await support.get(adminBookingsApi.adminBookingCalendar, { month: "2026-13" })).body.code).toBe(10101);

    const upcoming = await support.get(adminBookingsApi.adminBookingList, { status: "unsolved", page_size: "50" });
    expect(upcoming.body.data.list.some((b) => b.id === made.id)).toBe(true);
    const starts = upcoming.body.data.list.map((b) => Date.parse(b.slot.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    const detail = await support.get(adminBookingsApi.adminBookingDetail, { id: String(made.id) });
    expect(detail.body.data).toMatchObject({
      id: made.id,
      reference: made.reference,
      phone: "13800138000",
      chat_app: true,
      content: VISITOR.content,
      contact_from: "14:00",
      contact_to: "15:00",
      lang: "zh",
      cancelled_at: null,
      slot: { id: slot.id, capacity: slot.capacity, booked: 1 },
      time_zone: "Asia/Shanghai",
    });
    const missing = await support.get(adminBookingsApi.adminBookingDetail, { id: "999999" });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(10404);
    // Impossible dates and PostgreSQL's missing year 0 are refused before any query (10101), never a 500.
    for (const day of ["2026-02-30", "0000-01-01", "9999-12-31"])
      expect((await support.get(adminBookingsApi.adminBookingList, { day })).body.code, day).toBe(10101);
    expect((await support.get(adminBookingsApi.adminBookingCalendar, { month: "0000-01" })).body.code).toBe(10101);
  });
});

describe("solved and unsolved", () => {
  it("marks a booking solved and unsolved again, each change audited with before and after", async () => {
    const { day } = openWeekday();
    const made = await book((await scheduleSlotOn(day, "15:00")).id);
    const solved = await support.post(adminBookingsApi.adminBookingStatus, { id: made.id, status: "solved" });
    expect(solved.status).toBe(200);
    expect(solved.body.data).toMatchObject({ changed: true, booking: { id: made.id, status: "solved" } });
    // Again: nothing changes and nothing is audited.
    expect((await support.post(adminBookingsApi.adminBookingStatus, { id: made.id, status: "solved" })).body.data.changed).toBe(false);
    const unsolved = await admin.post(adminBookingsApi.adminBookingStatus, { id: made.id, status: "unsolved" });
    expect(unsolved.body.data.booking.status).toBe("unsolved");
    expect(await auditRows("booking", made.id)).toEqual([
      { action: "solve", staff_email: support.email, before: { status: "unsolved" }, after: { status: "solved" } },
      { action: "unsolve", staff_email: admin.email, before: { status: "solved" }, after: { status: "unsolved" } },
    ]);
  });

  it("refuses a status that is not solved or unsolved (10101), an unknown booking (10404) and a cancelled one (10409)", async () => {
    expect((await support.post(adminBookingsApi.adminBookingStatus, { id: 1, status: "cancelled" })).body).toMatchObject({
      code: 10101,
      data: { field: "status" },
    });
    expect((await support.post(adminBookingsApi.adminBookingStatus, { id: 999999, status: "solved" })).body.code).toBe(10404);
    const { day } = openWeekday();
    const made = await book((await scheduleSlotOn(day, "16:00")).id);
    await support.post(adminBookingsApi.adminBookingCancel, { id: made.id });
    const refused = await support.post(adminBookingsApi.adminBookingStatus, { id: made.id, status: "solved" });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(10409);
    expect((await q<{ status: string }>("SELECT status FROM bookings WHERE id = $1", [made.id]))[0].status).toBe("cancelled");
  });
});

describe("cancelling", () => {
  it("frees the place once, announces it through the outbox and audits it; cancelling again changes nothing", async () => {
    const { day } = openWeekday();
    const slot = await scheduleSlotOn(day, "10:00");
    const made = await book(slot.id);
    await book(slot.id);
    expect((await slotRow(slot.id)).booked).toBe(2);

    const done = await support.post(adminBookingsApi.adminBookingCancel, { id: made.id });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ changed: true, booking: { status: "cancelled", slot: { booked: 1 } } });
    expect(done.body.data.booking.cancelled_at).toMatch(/Z$/);
    expect(await slotRow(slot.id)).toMatchObject({ booked: 1, capacity: slot.capacity }); // a schedule slot keeps its places

    const again = await support.post(adminBookingsApi.adminBookingCancel, { id: made.id });
    expect(again.body.data.changed).toBe(false);
    expect((await slotRow(slot.id)).booked).toBe(1);

    expect(await auditRows("booking", made.id)).toEqual([
      { action: "cancel", staff_email: support.email, before: { status: "unsolved" }, after: { status: "cancelled" } },
    ]);
    const messages = await q<{ topic: string; payload: unknown }>("SELECT topic, payload FROM outbox WHERE payload->>'id' = $1 ORDER BY id", [String(made.id)]);
    expect(messages.map((m) => m.topic)).toEqual(["booking.created", "booking.cancelled"]);
    expect(messages[1]!.payload).toEqual({ id: made.id, reference: made.reference, cancelled_by: "staff" });
    expect((await support.post(adminBookingsApi.adminBookingCancel, { id: 999999 })).body.code).toBe(10404);
  });

  it("frees exactly one place when two staff cancel the same booking at the same moment", async () => {
    const { day } = openWeekday();
    const slot = await scheduleSlotOn(day, "11:00");
    const made = await book(slot.id);
    await book(slot.id);
    const [a, b] = await Promise.all([
      support.post(adminBookingsApi.adminBookingCancel, { id: made.id }),
      admin.post(adminBookingsApi.adminBookingCancel, { id: made.id }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.changed, b.body.data.changed].sort()).toEqual([false, true]);
    expect((await slotRow(slot.id)).booked).toBe(1);
    expect(await auditRows("booking", made.id)).toHaveLength(1);
    expect(await q("SELECT 1 FROM outbox WHERE topic = 'booking.cancelled' AND payload->>'id' = $1", [String(made.id)])).toHaveLength(1);
  });

  it("lets staff cancel a booking whose slot has passed (a visitor cannot)", async () => {
    const [past] = await q<{ id: number }>(
      "INSERT INTO booking_slots (starts_at, ends_at, capacity, booked) VALUES (now() - interval '3 hours' - interval '17 seconds', now() - interval '2 hours', 2, 1) RETURNING id",
    );
    const [row] = await q<{ id: number }>(
      `INSERT INTO bookings (reference, slot_id, company, account, phone, chat_app, content, contact_from, contact_to, lang, client_hash)
       VALUES ('PS-PASTTEST', $1, 'Past Co', 'none', '13800138000', false, 'x', '14:00', '15:00', 'en', 'h') RETURNING id`,
      [past!.id],
    );
    const res = await support.post(adminBookingsApi.adminBookingCancel, { id: row!.id });
    expect(res.body.data).toMatchObject({ changed: true, booking: { status: "cancelled" } });
    expect((await slotRow(past!.id)).booked).toBe(0);
  });
});

describe("the weekly schedule", () => {
  const period = (weekday: number, start_time: string, end_time: string, slot_minutes = 60, capacity = 3) => ({
    weekday,
    start_time,
    end_time,
    slot_minutes,
    capacity,
  });

  it.each([
    ["an impossible time", [period(1, "25:00", "26:00")]],
    ["a time that is not HH:MM", [period(1, "9:00", "10:00")]],
    ["an end before the start", [period(1, "14:00", "10:00")]],
    ["an end equal to the start", [period(1, "10:00", "10:00")]],
    ["hours shorter than one slot", [period(1, "10:00", "10:30", 60)]],
    ["overlapping hours on one weekday", [period(1, "10:00", "12:00"), period(1, "11:00", "13:00")]],
    ["a slot of 5 minutes", [period(1, "10:00", "12:00", 5)]],
    ["a slot of 9 hours", [period(1, "00:00", "23:00", 540)]],
    ["no places", [period(1, "10:00", "12:00", 60, 0)]],
    ["1001 places", [period(1, "10:00", "12:00", 60, 1001)]],
    ["weekday 7", [period(7, "10:00", "12:00")]],
    [
      "seven periods on one day",
      Array.from({ length: 7 }, (_, i) => period(2, `${String(8 + i).padStart(2, "0")}:00`, `${String(9 + i).padStart(2, "0")}:00`)),
    ],
    ["a period that is not an object", ["10:00-12:00"]],
  ])("refuses %s with 10101 (field periods), never a 500, and changes nothing", async (_name, periods) => {
    const before = (await support.get(adminBookingsApi.adminBookingSchedule)).body.data.version;
    const res = await support.post(adminBookingsApi.adminBookingScheduleSave, { periods, version: before });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 10101, data: { field: "periods" } });
    expect((await support.get(adminBookingsApi.adminBookingSchedule)).body.data.version).toBe(before);
  });

  it("refuses a save over a schedule changed meanwhile (10409) and one without periods at all (10100)", async () => {
    const { periods } = (await support.get(adminBookingsApi.adminBookingSchedule)).body.data;
    const stale = await support.post(adminBookingsApi.adminBookingScheduleSave, { periods, version: "0123456789abcdef" });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(10409);
    expect((await support.post(adminBookingsApi.adminBookingScheduleSave, {})).body).toMatchObject({ code: 10100, data: { field: "periods" } });
  });

  it("refuses a save without the version it started from (10100), and changes nothing: not even an empty schedule (issue 26)", async () => {
    const before = (await support.get(adminBookingsApi.adminBookingSchedule)).body.data;
    const [{ n: slots }] = await q<{ n: number }>("SELECT count(*)::int AS n FROM booking_slots WHERE starts_at > now()");
    for (const periods of [[], before.periods]) {
      const res = await support.post(adminBookingsApi.adminBookingScheduleSave, { periods });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 10100, data: { field: "version" } });
    }
    expect((await support.get(adminBookingsApi.adminBookingSchedule)).body.data.version).toBe(before.version);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM booking_slots WHERE starts_at > now()"))[0].n).toBe(slots);
  });

  it("puts a replaced schedule back from the audit log, with its slots, only over the schedule that save left (issue 26)", async () => {
    const start = (await support.get(adminBookingsApi.adminBookingSchedule)).body.data;
    const { day } = openWeekday();
    const booked = await scheduleSlotOn(day, "11:00");
    await book(booked.id);
    // Free slots of the next weeks (short of the horizon, whose end moves at midnight).
    const free = () =>
      q<{ starts_at: Date; capacity: number }>(
        "SELECT starts_at, capacity FROM booking_slots WHERE starts_at > now() AND starts_at < ($1::date + 40) AT TIME ZONE 'Asia/Shanghai' AND booked = 0 ORDER BY starts_at",
        [firstDay],
      );
    const freeBefore = await free();

    // Everything closed in one save: every unbooked slot goes; the booked one stays for its booking.
    const emptied = await support.post(adminBookingsApi.adminBookingScheduleSave, { periods: [], version: start.version });
    expect(emptied.body.data.slots?.removed).toBeGreaterThan(50);
    expect(await q("SELECT 1 FROM booking_slots WHERE starts_at > now() AND booked = 0 AND capacity > 0")).toHaveLength(0);

    const log = (await admin.get(adminStaffApi.auditList, { entity: "booking-schedule", page_size: "5" })).body.data.list;
    const entry = log[0]!;
    expect(entry).toMatchObject({ action: "update", staff_email: support.email, before: start.periods, after: [], restorable: true });
    expect(await support.post(adminStaffApi.auditRestore, { id: entry.id })).toMatchObject({ status: 403, body: { code: 10407 } });

    const restored = await admin.post(adminStaffApi.auditRestore, { id: entry.id });
    expect(restored.body).toMatchObject({ code: 0, data: { entity: "booking-schedule", entity_id: "weekly", restored: true } });
    const now = (await support.get(adminBookingsApi.adminBookingSchedule)).body.data;
    expect(now).toMatchObject({ version: start.version, periods: start.periods });
    // The same free slots again (new rows, same times and places), and the booking untouched.
    expect(await free()).toEqual(freeBefore.filter((s) => s.starts_at > new Date()));
    expect(await slotRow(booked.id)).toMatchObject({ booked: 1, capacity: booked.capacity });
    expect((await auditRows("booking-schedule", "weekly")).at(-1)).toMatchObject({
      action: "restore",
      staff_email: admin.email,
      before: [],
      after: start.periods,
    });

    // That entry again: the schedule is no longer what it left, so nothing is overwritten.
    const again = await admin.post(adminStaffApi.auditRestore, { id: entry.id });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(10409);
    expect((await support.get(adminBookingsApi.adminBookingSchedule)).body.data.version).toBe(start.version);
  });

  it("saves, audits, and makes the slots again: booked slots stay for their bookings but take no new ones", async () => {
    const start = (await support.get(adminBookingsApi.adminBookingSchedule)).body.data;
    expect(start.periods.length).toBeGreaterThan(0);
    // A day two or more days ahead on a weekday with hours, one slot booked there.
    const { day, weekday } = openWeekday();
    const booked = await scheduleSlotOn(day, "14:00");
    const made = await book(booked.id);
    const free = await scheduleSlotOn(day, "15:00");

    // That weekday closes; Sunday gets 09:00-09:40 in 20-minute slots of 2 places.
    const periods = [...start.periods.filter((p) => p.weekday !== weekday), period(0, "09:00", "09:40", 20, 2)];
    const saved = await support.post(adminBookingsApi.adminBookingScheduleSave, { periods, version: start.version });
    expect(saved.status).toBe(200);
    expect(saved.body.data.changed).toBe(true);
    expect(saved.body.data.version).not.toBe(start.version);
    expect(saved.body.data.slots?.removed).toBeGreaterThan(0);
    expect(saved.body.data.slots?.closed).toBeGreaterThanOrEqual(1);

    // The free slot is gone; the booked one keeps its booking, its times, and no free place.
    expect(await q("SELECT 1 FROM booking_slots WHERE id = $1", [free.id])).toHaveLength(0);
    const kept = await slotRow(booked.id);
    expect(kept).toMatchObject({ booked: 1, capacity: 1 });
    expect((await q<{ status: string }>("SELECT status FROM bookings WHERE id = $1", [made.id]))[0].status).toBe("unsolved");
    const visitorDays = (await readAnswer(await fetch(apiUrl(server.baseUrl, bookingsApi.subscribeList, { from: day, to: day })), bookingsApi.subscribeList))
      .body.data.days;
    expect(visitorDays.flatMap((d) => d.slots).filter((s) => s.remaining > 0)).toEqual([]);
    const view = (await support.get(adminBookingsApi.adminBookingSchedule)).body.data;
    expect(view.version).toBe(saved.body.data.version);
    const seen = view.slots.find((s) => s.id === booked.id);
    if (seen) expect(seen).toMatchObject({ in_schedule: false, remaining: 0 });
    // Sundays now have 09:00, 09:20 (09:40 is the end).
    const sunday = openWeekday(0);
    const sundaySlots = await q<{ t: string; capacity: number }>(
      "SELECT to_char(starts_at AT TIME ZONE 'Asia/Shanghai', 'HH24:MI') AS t, capacity FROM booking_slots WHERE (starts_at AT TIME ZONE 'Asia/Shanghai')::date = $1 ORDER BY starts_at",
      [sunday.day],
    );
    expect(sundaySlots).toEqual([
      { t: "09:00", capacity: 2 },
      { t: "09:20", capacity: 2 },
    ]);

    const [entry] = (await auditRows("booking-schedule", "weekly")).slice(-1);
    expect(entry).toMatchObject({ action: "update", staff_email: support.email });
    expect(entry!.before).toEqual(start.periods);
    expect(entry!.after).toContainEqual(period(0, "09:00", "09:40", 20, 2));

    // A cancellation there frees no place: the slot is outside the hours.
    await support.post(adminBookingsApi.adminBookingCancel, { id: made.id });
    expect(await slotRow(booked.id)).toMatchObject({ booked: 0, capacity: 0 });

    // Saving the same schedule again changes nothing; the old schedule back opens the day again.
    const same = await support.post(adminBookingsApi.adminBookingScheduleSave, { periods, version: saved.body.data.version });
    expect(same.body.data).toMatchObject({ changed: false, slots: null });
    const restored = await support.post(adminBookingsApi.adminBookingScheduleSave, { periods: start.periods, version: saved.body.data.version });
    expect(restored.body.data.version).toBe(start.version);
    expect((await slotRow(booked.id)).capacity).toBe(booked.capacity);
    expect((await scheduleSlotOn(day, "15:00")).capacity).toBe(free.capacity);
  });

  it("keeps a booked slot's times when the slot length changes", async () => {
    const start = (await support.get(adminBookingsApi.adminBookingSchedule)).body.data;
    const { day, weekday } = openWeekday();
    const booked = await scheduleSlotOn(day, "10:00");
    await book(booked.id);
    const ends = (await slotRow(booked.id)).ends_at;
    const periods = start.periods.map((p) => (p.weekday === weekday && p.start_time === "10:00" ? { ...p, slot_minutes: 30 } : p));
    const saved = await support.post(adminBookingsApi.adminBookingScheduleSave, { periods, version: start.version });
    expect(saved.status).toBe(200);
    expect((await slotRow(booked.id)).ends_at).toEqual(ends);
    const halves = await q<{ t: string }>(
      "SELECT to_char(starts_at AT TIME ZONE 'Asia/Shanghai', 'HH24:MI') AS t FROM booking_slots WHERE (starts_at AT TIME ZONE 'Asia/Shanghai')::date = $1 AND starts_at < ($1::date + time '12:00') AT TIME ZONE 'Asia/Shanghai' ORDER BY starts_at",
      [day],
    );
    expect(halves.map((h) => h.t)).toEqual(["10:00", "10:30", "11:00", "11:30"]);
    await support.post(adminBookingsApi.adminBookingScheduleSave, { periods: start.periods, version: saved.body.data.version });
  });

  it("shows the slots of the next two weeks with their places", async () => {
    const { slots, time_zone } = (await support.get(adminBookingsApi.adminBookingSchedule)).body.data;
    expect(time_zone).toBe("Asia/Shanghai");
    expect(slots.length).toBeGreaterThan(10);
    for (const s of slots) {
      expect(s.remaining).toBe(s.capacity - s.booked);
      expect(s.start.slice(0, 10)).toBe(s.date);
      expect(Date.parse(s.start)).toBeGreaterThan(Date.now());
    }
    expect(slots.at(-1)!.date <= (await businessDate(13))).toBe(true);
  });
});

describe("closed dates", () => {
  it("closes a date (its free slots go, a booked one stays closed to new bookings) and opens it again, both audited", async () => {
    // A date of its own (openWeekday): this test counts the date's bookings.
    const { day } = openWeekday();
    const booked = await scheduleSlotOn(day, "17:00");
    await book(booked.id);

    const added = await support.post(adminBookingsApi.adminClosedDateAdd, { day, reason: "Company offsite" });
    expect(added.status).toBe(200);
    expect(added.body.data.closed).toEqual({ day, reason: "Company offsite", active_bookings: 1 });
    const left = await q<{ id: number; capacity: number; booked: number }>(
      "SELECT id, capacity, booked FROM booking_slots WHERE (starts_at AT TIME ZONE 'Asia/Shanghai')::date = $1",
      [day],
    );
    expect(left).toEqual([{ id: booked.id, capacity: 1, booked: 1 }]);
    expect((await support.get(adminBookingsApi.adminBookingSchedule)).body.data.closed_dates).toContainEqual({
      day,
      reason: "Company offsite",
      active_bookings: 1,
    });

    const twice = await support.post(adminBookingsApi.adminClosedDateAdd, { day, reason: "Again" });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 10411, data: { field: "day" } });

    const removed = await support.post(adminBookingsApi.adminClosedDateRemove, { day });
    expect(removed.body.data.removed).toBe(true);
    expect(removed.body.data.slots.written).toBeGreaterThan(0);
    expect((await slotRow(booked.id)).capacity).toBe(booked.capacity);
    expect((await q("SELECT 1 FROM booking_slots WHERE (starts_at AT TIME ZONE 'Asia/Shanghai')::date = $1", [day])).length).toBeGreaterThan(1);
    expect((await support.post(adminBookingsApi.adminClosedDateRemove, { day })).body.code).toBe(10404);

    expect((await auditRows("booking-closed-date", day)).map((a) => [a.action, a.before, a.after])).toEqual([
      ["add", null, { day, reason: "Company offsite" }],
      ["remove", { day, reason: "Company offsite" }, null],
    ]);
  });

  it.each([
    ["a past date", { day: "2020-01-01", reason: "Past" }, 10101],
    ["an impossible date", { day: "2030-02-30", reason: "Nope" }, 10101],
    ["a date years ahead", { day: "2099-01-01", reason: "Far" }, 10101],
    ["no reason", { day: "2030-01-02", reason: " " }, 10100],
  ])("refuses %s", async (_name, body, code) => {
    const res = await support.post(adminBookingsApi.adminClosedDateAdd, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });
});

describe("malformed input from a signed-in member", () => {
  it("never answers 5xx nor shows internals, whatever each field of each endpoint is given", { timeout: 120_000 }, async () => {
    const corpus = JSON.parse(fs.readFileSync(path.resolve("tests/fuzz/corpus.json"), "utf8")) as { values: string[] };
    // eslint-disable-next-line no-loss-of-precision -- 1e309 is Infinity on purpose
    const values: unknown[] = [...corpus.values, "x".repeat(10_000), 0, -1, 1e309, null, true, [], {}, [{}], ["10:00"], { weekday: 1 }];
    const samples: [method: "get" | "post", address: string, sample: Record<string, unknown>][] = [
      ["get", "/admin/bookings", { status: "unsolved", day: "2026-12-01", page: "1", page_size: "20" }],
      ["get", "/admin/bookings/calendar", { month: "2026-12" }],
      ["get", "/admin/bookings/detail", { id: "1" }],
      ["post", "/admin/bookings/status", { id: 1, status: "solved" }],
      ["post", "/admin/bookings/cancel", { id: 999999 }],
      [
        "post",
        "/admin/bookings/schedule/save",
        { periods: [{ weekday: 1, start_time: "10:00", end_time: "12:00", slot_minutes: 60, capacity: 3 }], version: "0123456789abcdef" },
      ],
      ["post", "/admin/bookings/closed-dates/add", { day: "2099-12-24", reason: "Fuzz" }],
      ["post", "/admin/bookings/closed-dates/remove", { day: "2099-12-24" }],
    ];
    const failures: string[] = [];
    for (const [method, address, sample] of samples) {
      for (const field of [...Object.keys(sample), "lang"]) {
        for (const value of values) {
          const input = { ...sample, [field]: value };
          let res;
          if (method === "get") {
            const text = typeof value === "string" ? value : JSON.stringify(value);
            if (/[\ud800-\udfff]/.test(text)) continue; // cannot be put in a URL
            res = await support.get(address, Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])));
          } else {
            res = await support.post(address, input);
          }
          if (res.status >= 500 || /\bat [\w.<>]+ \(|node_modules|Failed query|syntax error/.test(JSON.stringify(res.body))) {
            failures.push(`${res.status} ${method} ${address} ${field}=${JSON.stringify(value).slice(0, 40)}`);
          }
        }
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
