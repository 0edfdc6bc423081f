/**
 * The booking's calendar file (RFC 5545): times in the business time zone with its VTIMEZONE, and
 * after a cancellation the cancellation of the same event (RFC 5546: METHOD:CANCEL,
 * STATUS:CANCELLED, a higher SEQUENCE) with no manage-or-cancel link.
 */
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { bookingCalendar } from "../../server/pages/booking-pages.server";
import * as bookingsApi from "../../server/api/endpoints/bookings.server";
import { apiUrl, readAnswer } from "../support/api-answers";
import { serveForFile, type TestServer } from "../support/api-server";

let server: TestServer;
serveForFile((started) => (server = started));

const TIME_ZONE = "Asia/Shanghai";

/** A future slot of its own (its start is off the hour, so the schedule's slots never clash with it). */
let slots = 0;
async function makeSlot(): Promise<{ id: number; starts_at: Date; ends_at: Date }> {
  const { rows } = await server.database.pool.query(
    `INSERT INTO booking_slots (starts_at, ends_at, capacity)
     VALUES (date_trunc('hour', now()) + make_interval(days => 3, mins => 17 + $1), date_trunc('hour', now()) + make_interval(days => 3, mins => 77 + $1), 1)
     RETURNING id, starts_at, ends_at`,
    [slots++],
  );
  return rows[0];
}

async function book(slotId: number) {
  const res = await fetch(apiUrl(server.baseUrl, bookingsApi.subscribeAdd), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "100.72.0.1" },
    body: JSON.stringify({
      lang: "en",
      slot_id: slotId,
      company: "Acme Trading",
      account: "buyer@acme.example",
      phone: "+86 138-0013-8000",
      chat_app: "yes",
      content: "Forty store accounts to move.",
      contact_from: "14:00",
      contact_to: "16:30",
    }),
  });
  return (await readAnswer(res, bookingsApi.subscribeAdd)).body.data;
}

async function calendarFile(booking: { id: number; manage_token: string }): Promise<{ type: string; text: string }> {
  const context = { db: server.database.db, hostPlan: { en: "https://site.test" }, businessTimeZone: TIME_ZONE } as unknown as AppLoadContext;
  const request = new Request(`https://site.test/pre-sales/booking/${booking.id}/calendar.ics?token=${encodeURIComponent(booking.manage_token)}`);
  const res = await bookingCalendar(context, request, { lang: "en", id: String(booking.id) });
  return { type: res.headers.get("content-type") ?? "", text: await res.text() };
}

/** One property's line (unfolded), e.g. "DTSTART;TZID=Asia/Shanghai:20261130T150000". */
function property(ics: string, name: string): string | undefined {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  // The calendar's own properties, or the event's: not those of the VTIMEZONE's parts.
  const scope = name === "METHOD" ? lines.slice(0, lines.indexOf("BEGIN:VTIMEZONE")) : lines.slice(lines.indexOf("BEGIN:VEVENT"));
  return scope.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
}

/** "20261130T150000": the local wall time of an instant in the business zone. */
function localStamp(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

describe("the booking's calendar file", () => {
  it("gives its times in the business time zone, with that zone's VTIMEZONE, and a link to manage it", async () => {
    const slot = await makeSlot();
    const booking = await book(slot.id);
    const { type, text } = await calendarFile(booking);
    expect(type).toMatch(/^text\/calendar/);
    expect(property(text, "METHOD")).toBe("METHOD:PUBLISH");
    expect(property(text, "DTSTART")).toBe(`DTSTART;TZID=${TIME_ZONE}:${localStamp(slot.starts_at)}`);
    expect(property(text, "DTEND")).toBe(`DTEND;TZID=${TIME_ZONE}:${localStamp(slot.ends_at)}`);
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Asia\/Shanghai\r\n[\s\S]*?TZOFFSETTO:\+0800[\s\S]*?END:VTIMEZONE/);
    // DTSTAMP is always UTC (RFC 5545 section 3.8.7.2).
    expect(property(text, "DTSTAMP")).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(property(text, "STATUS")).toBe("STATUS:CONFIRMED");
    expect(property(text, "SEQUENCE")).toBe("SEQUENCE:0");
    expect(property(text, "UID")).toBe(`UID:${booking.reference}@facetbrowser`);
    expect(text).toContain(`/pre-sales/booking/${booking.id}?token=`);
  });

  it("after a cancellation, cancels the same event: METHOD:CANCEL, STATUS:CANCELLED, a higher SEQUENCE, no manage link", async () => {
    const booking = await book((await makeSlot()).id);
    const before = await calendarFile(booking);
    const cancel = await fetch(apiUrl(server.baseUrl, bookingsApi.subscribeCancel), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lang: "en", id: booking.id, token: booking.manage_token }),
    });
    expect((await readAnswer(cancel, bookingsApi.subscribeCancel)).body.data.status).toBe("cancelled");
    const { type, text } = await calendarFile(booking);
    expect(type).toMatch(/method=CANCEL/);
    expect(property(text, "METHOD")).toBe("METHOD:CANCEL");
    expect(property(text, "STATUS")).toBe("STATUS:CANCELLED");
    expect(Number(property(text, "SEQUENCE")!.split(":")[1])).toBeGreaterThan(Number(property(before.text, "SEQUENCE")!.split(":")[1]));
    expect(property(text, "UID")).toBe(property(before.text, "UID"));
    expect(property(text, "DTSTART")).toBe(property(before.text, "DTSTART"));
    expect(text).not.toMatch(/manage|cancel:/i);
    expect(text).not.toContain("token=");
  });
});
