import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger.server";
import { deliverDue } from "../../server/infrastructure/outbox.server";
import { generateSlots, isoInZone } from "../../server/services/bookings.server";
import type { Endpoint } from "../../server/api/endpoint.server";
import * as bookingsApi from "../../server/api/endpoints/bookings.server";
import { apiUrl, readAnswer, type ApiQuery } from "../support/api-answers";
import { serveForFile, type TestServer, queryRows } from "../support/api-server";

let server: TestServer;
serveForFile((started) => (server = started));

const q = <T>(text: string, params: unknown[] = []) => queryRows<T>(server, text, params);

/**
 * Distinct start times for the test's own slots (starts_at is unique), a whole minute apart and
 * always at second 17, so never mistaken for a schedule slot (whole minutes; scheduledSlot looks
 * for second 0). `61 + 7n` reached second 0 at its 18th slot, which scheduledSlot then took on
 * Thursdays after 11:00 and Friday mornings (business time), when the next schedule slot lies
 * beyond makeSlot's three days.
 */
let slotSeq = 0;
const uniqueSeconds = () => 60 * ++slotSeq + 17;

/** A fresh future slot with its own capacity, `hoursAhead` from now. */
async function makeSlot(capacity: number, hoursAhead = 24 * 3): Promise<number> {
  const [row] = await q<{ id: number }>(
    `INSERT INTO booking_slots (starts_at, ends_at, capacity)
     VALUES (date_trunc('hour', now()) + make_interval(hours => $1) + make_interval(secs => $2),
             date_trunc('hour', now()) + make_interval(hours => $1 + 1) + make_interval(secs => $2), $3)
     RETURNING id`,
    [hoursAhead, uniqueSeconds(), capacity],
  );
  return row!.id;
}

const VALID = {
  company: "Acme Trading",
  account: "buyer@acme.example",
  phone: "+86 138-0013-8000",
  chat_app: "yes",
  content: "We run 40 store accounts and want to move them to isolated profiles.",
  contact_from: "14:00",
  contact_to: "16:30",
};

let visitor = 0;
function book(body: Record<string, unknown>, headers: Record<string, string> = {}, base = server.baseUrl) {
  visitor++;
  return fetch(apiUrl(base, bookingsApi.subscribeAdd), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `100.64.${visitor >> 8}.${visitor & 255}`, ...headers },
    body: JSON.stringify({ lang: "en", ...VALID, ...body }),
  }).then((res) => readAnswer(res, bookingsApi.subscribeAdd));
}

async function get<E extends Endpoint>(endpoint: E, query: ApiQuery = "") {
  return readAnswer(await fetch(apiUrl(server.baseUrl, endpoint, query)), endpoint);
}

describe("help/subscribe-list", () => {
  it("lists the seeded schedule's future slots by business date, with remaining places", async () => {
    const res = await get(bookingsApi.subscribeList, "lang=en");
    expect(res.status).toBe(200);
    expect(res.body.data.time_zone).toBe("Asia/Shanghai");
    const days = res.body.data.days;
    expect(days.length).toBeGreaterThan(10);
    const slot = days[0]!.slots[0]!;
    expect(slot).toMatchObject({ id: expect.any(Number), capacity: expect.any(Number), remaining: expect.any(Number), status: "bookable" });
    expect(slot.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+08:00$/);
    expect(slot.start.slice(0, 10)).toBe(days[0]!.date);
    expect(new Date(slot.start).getTime()).toBeGreaterThan(Date.now());
    // Weekdays 10:00-12:00 and 14:00-18:00, Saturdays 10:00-12:00, business time; never on Sundays.
    for (const day of days) {
      const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
      expect(weekday).not.toBe(0);
      for (const s of day.slots) expect(["10", "11", "14", "15", "16", "17"]).toContain(s.start.slice(11, 13));
    }
  });

  it("takes a range of at most 62 days, and refuses a bad one", async () => {
    expect((await get(bookingsApi.subscribeList, "from=2026-13-01")).status).toBe(400);
    const tooLong = await get(bookingsApi.subscribeList, "from=2027-01-01&to=2027-06-01");
    expect(tooLong.body).toMatchObject({ code: 10101, data: { field: "to" } });
    expect((await get(bookingsApi.subscribeList, "from=2027-01-10&to=2027-01-01")).status).toBe(400);
  });
});

describe("help/subscribe-add", () => {
  it("books a place and answers a reference, the slot and a manage token; the outbox has the booking", async () => {
    const slot = await makeSlot(3);
    const res = await book({ slot_id: slot });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: expect.any(Number),
      reference: expect.stringMatching(/^PS-[A-Z2-9]{8}$/),
      slot: { id: slot },
      manage_token: expect.any(String),
    });
    const [stored] = await q<{ phone: string; status: string }>("SELECT phone, status FROM bookings WHERE id = $1", [res.body.data.id]);
    expect(stored).toEqual({ phone: "13800138000", status: "unsolved" });
    const [message] = await q<{ topic: string; payload: unknown }>("SELECT topic, payload FROM outbox WHERE payload->>'id' = $1", [String(res.body.data.id)]);
    expect(message!.topic).toBe("booking.created");
    expect(message!.payload).toMatchObject({ reference: res.body.data.reference, company: "Acme Trading", contact_time: "14:00-16:30" });
    const { remaining } = (await get(bookingsApi.subscribeList)).body.data.days.flatMap((d) => d.slots).find((s) => s.id === slot)!;
    expect(remaining).toBe(2);
  });

  it.each([
    ["slot_id", undefined],
    ["company", " "],
    ["account", ""],
    ["phone", ""],
    ["chat_app", ""],
    ["content", ""],
    ["contact_from", ""],
    ["contact_to", ""],
  ])("requires %s (10100, with the field)", async (field, value) => {
    const slot = await makeSlot(3);
    const res = await book({ slot_id: slot, [field]: value });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 10100, data: { field } });
  });

  it.each([
    ["phone", "+1 415 555 0100"],
    ["phone", "12800138000"],
    ["phone", "1380013800"],
    ["account", "not an account"],
    ["chat_app", "maybe"],
    ["contact_from", "09:00"],
    ["contact_to", "18:30"],
  ])("refuses %s = %s (10101, with the field)", async (field, value) => {
    const slot = await makeSlot(3);
    const res = await book({ slot_id: slot, [field]: value });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 10101, data: { field } });
  });

  it("accepts phone numbers written with 0086, spaces and dashes, and the word none for the account", async () => {
    const slot = await makeSlot(3);
    expect((await book({ slot_id: slot, phone: "0086 159-1234-5678", account: "none" })).status).toBe(200);
  });

  it("wants the contact time to start before it ends", async () => {
    const res = await book({ slot_id: await makeSlot(3), contact_from: "16:00", contact_to: "15:00" });
    expect(res.body).toMatchObject({ code: 10101, data: { field: "contact_to" } });
  });

  it.each([["en"], ["zh"]])("is 404 / 10044 for a slot that does not exist or has passed (%s)", async (lang) => {
    const missing = await book({ slot_id: 999999, lang });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(10044);
    expect(missing.body.msg).toMatch(lang === "zh" ? /[\u4e00-\u9fff]/ : /appointment/i);
    const [past] = await q<{ id: number }>(
      "INSERT INTO booking_slots (starts_at, ends_at, capacity) VALUES (now() - interval '2 hours' - make_interval(secs => $1), now() - interval '1 hour', 5) RETURNING id",
      [uniqueSeconds()],
    );
    expect((await book({ slot_id: past!.id, lang })).body.code).toBe(10044);
  });

  it.each([["en"], ["zh"]])("is 409 / 10043 for a full slot (%s)", async (lang) => {
    const slot = await makeSlot(1);
    expect((await book({ slot_id: slot })).status).toBe(200);
    const full = await book({ slot_id: slot, lang });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe(10043);
    expect(full.body.msg).toMatch(lang === "zh" ? /[\u4e00-\u9fff]/ : /fully booked/i);
  });

  it("is 429 / 10042 when one visitor books too often", async () => {
    const me = { "x-forwarded-for": "203.0.113.250" };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await book({ slot_id: await makeSlot(5) }, me)).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    const refused = await book({ slot_id: await makeSlot(5) }, me);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(10042);
  });

  it("makes one booking of a retried submission (same idempotency key), also when the retries race", async () => {
    const slot = await makeSlot(5);
    const key = `key-${Date.now()}-retry`;
    const first = await book({ slot_id: slot, idempotency_key: key });
    const again = await book({ slot_id: slot, idempotency_key: key });
    expect(again.body.data).toEqual(first.body.data);
    const raced = await Promise.all(Array.from({ length: 6 }, () => book({ slot_id: slot }, { "idempotency-key": `${key}-race` })));
    expect(new Set(raced.map((r) => r.body.data.id)).size).toBe(1);
    const [{ n }] = await q<{ n: number }>("SELECT count(*)::int AS n FROM bookings WHERE slot_id = $1", [slot]);
    expect(n).toBe(2);
    const [{ booked }] = await q<{ booked: number }>("SELECT booked FROM booking_slots WHERE id = $1", [slot]);
    expect(booked).toBe(2);
  });

  it("answers every retry racing for a slot's last place with the one booking it made, and another visitor 10043", async () => {
    // Issue 26: the place was checked before the key, so the retries that lost the race were told "full".
    for (let round = 0; round < 3; round++) {
      const slot = await makeSlot(1);
      const key = `last-place-${round}-${slotSeq}`;
      const raced = await Promise.all(Array.from({ length: 6 }, () => book({ slot_id: slot, idempotency_key: key })));
      expect(raced.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(raced.map((r) => r.body.data.id)).size).toBe(1);
      // The slot is full now: a later retry still gets its booking, anyone else 10043.
      const later = await book({ slot_id: slot }, { "idempotency-key": key });
      expect(later.body.data).toEqual(raced[0]!.body.data);
      const other = await book({ slot_id: slot, idempotency_key: `${key}-other` });
      expect(other.status).toBe(409);
      expect(other.body.code).toBe(10043);
      const [{ n }] = await q<{ n: number }>("SELECT count(*)::int AS n FROM bookings WHERE slot_id = $1", [slot]);
      expect(n).toBe(1);
    }
  });

  it("never overbooks: 60 attempts at once on 5 places make exactly 5 bookings; the rest 10043", async () => {
    const slot = await makeSlot(5);
    const results = await Promise.all(Array.from({ length: 60 }, () => book({ slot_id: slot })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409 && r.body.code === 10043)).toHaveLength(55);
    const [{ booked }] = await q<{ booked: number }>("SELECT booked FROM booking_slots WHERE id = $1", [slot]);
    expect(booked).toBe(5);
  });
});

/**
 * A slot the schedule made (not one of makeSlot's, which the schedule does not have: a place freed
 * there is closed with it), at least two days ahead, nobody booked, cut to `capacity` places.
 */
async function scheduledSlot(capacity: number): Promise<number> {
  const [row] = await q<{ id: number }>(
    `UPDATE booking_slots SET capacity = $1 WHERE id = (
       SELECT id FROM booking_slots WHERE starts_at > now() + interval '2 days' AND booked = 0 AND extract(second FROM starts_at) = 0
         AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.slot_id = booking_slots.id)
       ORDER BY starts_at LIMIT 1)
     RETURNING id`,
    [capacity],
  );
  return row!.id;
}

describe("manage link", () => {
  it("shows the booking, cancels it once and frees its place; a forged token is 10044", async () => {
    const slot = await scheduledSlot(1);
    const made = (await book({ slot_id: slot })).body.data;
    const seen = await get(bookingsApi.subscribe, `id=${made.id}&token=${encodeURIComponent(made.manage_token)}&lang=en`);
    expect(seen.body.data).toMatchObject({ id: made.id, reference: made.reference, status: "unsolved", company: "Acme Trading" });
    expect((await get(bookingsApi.subscribe, `id=${made.id}&token=forged`)).body.code).toBe(10044);
    expect((await get(bookingsApi.subscribe, `id=999999&token=${encodeURIComponent(made.manage_token)}`)).body.code).toBe(10044);
    expect((await book({ slot_id: slot })).body.code).toBe(10043);

    const cancel = (token: string, id = made.id) =>
      fetch(apiUrl(server.baseUrl, bookingsApi.subscribeCancel), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ lang: "zh", id, token }),
      }).then((res) => readAnswer(res, bookingsApi.subscribeCancel));
    const forged = await cancel("AAAA");
    expect(forged.status).toBe(404);
    expect(forged.body.code).toBe(10044);
    const done = await cancel(made.manage_token);
    expect(done.body.data.status).toBe("cancelled");
    expect((await cancel(made.manage_token)).body.data.status).toBe("cancelled"); // again: nothing changes
    const [{ booked }] = await q<{ booked: number }>("SELECT booked FROM booking_slots WHERE id = $1", [slot]);
    expect(booked).toBe(0);
    expect((await book({ slot_id: slot })).status).toBe(200); // the place is free again
    const topics = await q<{ topic: string }>("SELECT topic FROM outbox WHERE payload->>'id' = $1 ORDER BY id", [String(made.id)]);
    expect(topics.map((t) => t.topic)).toEqual(["booking.created", "booking.cancelled"]);
  });
});

describe("slots and time zones", () => {
  it("are made in the business zone across a daylight-saving change, and shown with that zone's offset", async () => {
    // New York changes from EDT to EST on 2026-11-01: a 10:00 slot is 14:00Z before and 15:00Z after.
    await q("DELETE FROM booking_slots WHERE booked = 0 AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.slot_id = booking_slots.id)");
    const tz = "America/New_York";
    const before = new Date("2026-10-30T14:00:00Z");
    const after = new Date("2026-11-02T15:00:00Z");
    expect(isoInZone(before, tz)).toBe("2026-10-30T10:00:00-04:00");
    expect(isoInZone(after, tz)).toBe("2026-11-02T10:00:00-05:00");
    // And in the database: every made slot starts at a schedule time in the business zone, whatever its offset that day.
    // A year of slots: whatever the date, the window holds both of New York's changes (March and
    // November). 120 days missed both from mid-March to early July and in early November.
    await generateSlots(server.database.db, { timeZone: tz, days: 370 });
    const rows = await q<{ local: string }>(
      "SELECT to_char(starts_at AT TIME ZONE 'America/New_York', 'HH24:MI') AS local FROM booking_slots WHERE starts_at > now() AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.slot_id = booking_slots.id)",
    );
    expect(rows.length).toBeGreaterThan(50);
    expect(new Set(rows.map((r) => r.local))).toEqual(new Set(["10:00", "11:00", "14:00", "15:00", "16:00", "17:00"]));
    const offsets = await q<{ o: string }>(
      "SELECT DISTINCT to_char(starts_at AT TIME ZONE 'America/New_York' - starts_at AT TIME ZONE 'UTC', 'HH24') AS o FROM booking_slots WHERE starts_at > now()",
    );
    expect(offsets.length).toBe(2);
    await q("DELETE FROM booking_slots WHERE booked = 0 AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.slot_id = booking_slots.id)");
    await generateSlots(server.database.db, { timeZone: "Asia/Shanghai" });
  });

  it("are listed under the business date even for a visitor whose date differs (Los Angeles)", async () => {
    // 09:00 in Shanghai on a date is still the previous day in Los Angeles: the API speaks business dates.
    const list = (await get(bookingsApi.subscribeList)).body.data;
    const day = list.days.find((d) => d.slots.some((s) => s.start.slice(11, 16) === "10:00"))!;
    const slot = day.slots.find((s) => s.start.slice(11, 16) === "10:00")!;
    const la = isoInZone(new Date(slot.start), "America/Los_Angeles");
    expect(slot.start.slice(0, 10)).toBe(day.date);
    expect(new Date(la).getTime()).toBe(new Date(slot.start).getTime());
    expect(la.slice(0, 10) < slot.start.slice(0, 10)).toBe(true); // mornings in Shanghai are the day before in LA
  });

  it("regenerating keeps booked slots and never lowers capacity below what is booked", async () => {
    const { rows } = await server.database.pool.query("SELECT id, starts_at FROM booking_slots WHERE starts_at > now() ORDER BY starts_at LIMIT 1");
    const slot = rows[0];
    await q("UPDATE booking_slots SET booked = capacity WHERE id = $1", [slot.id]);
    await q("UPDATE booking_schedule SET capacity = 1");
    await generateSlots(server.database.db, { timeZone: "Asia/Shanghai" });
    const [after] = await q<{ capacity: number; booked: number }>("SELECT capacity, booked FROM booking_slots WHERE id = $1", [slot.id]);
    expect(after!.capacity).toBeGreaterThanOrEqual(after!.booked);
    expect(after!.booked).toBeGreaterThan(0);
    await q("UPDATE booking_schedule SET capacity = 3");
  });
});

describe("outbox delivery", () => {
  it("keeps bookings while the webhook is down and delivers them once it is back, each once", async () => {
    await q("UPDATE outbox SET delivered_at = now()"); // earlier tests' messages are not this test's
    const received: { body: unknown; signature: string | string[] | undefined }[] = [];
    let up = false;
    const hook = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        if (!up) {
          res.writeHead(503).end();
          return;
        }
        received.push({ body: JSON.parse(body), signature: req.headers["x-signature"] });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, "127.0.0.1", () => r()));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    const logger = createLogger("silent");
    try {
      const made = (await book({ slot_id: await makeSlot(2) })).body.data;
      const down = await deliverDue(server.database.db, { webhookUrl: url, logger, webhookSecret: "a-long-shared-secret" });
      expect(down).toEqual({ delivered: 0, failed: 1 });
      const [pending] = await q<{ attempts: number; delivered_at: Date | null }>("SELECT attempts, delivered_at FROM outbox WHERE payload->>'id' = $1", [
        String(made.id),
      ]);
      expect(pending).toMatchObject({ attempts: 1, delivered_at: null });
      // Not due yet: nothing is sent before its back-off has passed.
      expect(await deliverDue(server.database.db, { webhookUrl: url, logger })).toEqual({ delivered: 0, failed: 0 });
      up = true;
      await q("UPDATE outbox SET next_attempt_at = now() WHERE delivered_at IS NULL");
      expect(await deliverDue(server.database.db, { webhookUrl: url, logger, webhookSecret: "a-long-shared-secret" })).toEqual({ delivered: 1, failed: 0 });
      expect(received).toHaveLength(1);
      expect(received[0]!.body).toMatchObject({ topic: "booking.created", data: { reference: made.reference } });
      expect(received[0]!.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(await deliverDue(server.database.db, { webhookUrl: url, logger })).toEqual({ delivered: 0, failed: 0 });
    } finally {
      hook.close();
    }
  });
});
