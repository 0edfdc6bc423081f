/**
 * What the pre-sales pages load: the calendar's first month of slots, a booking behind its
 * manage link, and the booking as an iCalendar file; and what the staff area's bookings pages load.
 */
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import { data, type AppLoadContext } from "react-router";
import { writtenMonthCaptions } from "~/components/booking/month-captions";
import { calendarLocale } from "~/components/booking/calendar-words";
import { calendarWords } from "~/components/booking/calendar-words.server";
import type { LangKey } from "~/i18n/languages";
import { isCalendarDate, MONTH } from "@contracts/booking-schedule";
import { absoluteUrl } from "~/lib/meta/meta";
import { writtenDates } from "~/lib/format/format-date";
import { translate } from "../i18n/messages.server";
import { newFormNonce } from "../http/form-idempotency.server";
import {
  addDays,
  bookingMonthCounts,
  getBooking,
  listClosedDates,
  listDayBookings,
  listSlots,
  listUpcomingBookings,
  readSchedule,
  SLOT_HORIZON_DAYS,
  slotsAhead,
  STAFF_SLOTS_AHEAD_DAYS,
  staffBookingDetail,
  todayInZone,
  type StatusFilter,
} from "../services/bookings.server";
import { idFromPath } from "@contracts/address-numbers";

/** The calendar opens on the coming five weeks; the page fetches more when the visitor pages on. */
export const FIRST_RANGE_DAYS = 35;

const appointmentNotFound = () => data({ reason: "appointmentNotFound" as const }, { status: 404 });

/**
 * The booking page: the first weeks' slots, and a fresh nonce for its form (its action binds it to
 * what is sent into the booking's idempotency key, server/http/form-idempotency.server.ts). The
 * page is never cached (its places change by the minute), so each visitor's nonce is their own.
 */
export async function loadPreSales(context: AppLoadContext, lang: LangKey) {
  const timeZone = context.businessTimeZone;
  const from = todayInZone(timeZone);
  const to = addDays(from, FIRST_RANGE_DAYS);
  const slots = await listSlots(context.db, { from, to, timeZone });
  // The last day slots are made for: the calendar offers no month after it (its arrows are links, and a crawler would follow them forever).
  const lastDay = addDays(from, SLOT_HORIZON_DAYS);
  const words = calendarWords(lang);
  return {
    lang,
    timeZone,
    from,
    to,
    lastDay,
    calendarWords: words,
    monthCaptions: writtenMonthCaptions(calendarLocale(words), from, to),
    slots,
    formNonce: newFormNonce(),
  };
}

function bookingRef(request: Request, id: string | undefined) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const bookingId = idFromPath(id);
  if (bookingId === null || !token || token.length > 200) throw appointmentNotFound();
  return { id: bookingId, token };
}

export async function loadBooking(context: AppLoadContext, request: Request, q: { lang: LangKey; id: string | undefined }) {
  const { id, token } = bookingRef(request, q.id);
  const booking = await getBooking(context.db, id, token, context.businessTimeZone);
  if (!booking) throw appointmentNotFound();
  return { lang: q.lang, booking, token, timeZone: context.businessTimeZone, writtenDates: writtenDates(q.lang, [booking.created_at]) };
}

/**
 * The booking as an .ics file for the visitor's calendar (RFC 5545), its times in the business
 * time zone (TZID with its VTIMEZONE), so the calendar shows the hours the booking page showed and
 * follows that zone's rules. Once cancelled it is the cancellation of the same event (RFC 5546):
 * METHOD:CANCEL, STATUS:CANCELLED and a higher SEQUENCE, so a calendar that imported the booking
 * takes it off, and no manage-or-cancel link.
 */
export async function bookingCalendar(context: AppLoadContext, request: Request, q: { lang: LangKey; id: string | undefined }): Promise<Response> {
  const { id, token } = bookingRef(request, q.id);
  const timeZone = context.businessTimeZone;
  const booking = await getBooking(context.db, id, token, timeZone);
  if (!booking) throw appointmentNotFound();
  const cancelled = booking.status === "cancelled";
  const manageUrl = `${absoluteUrl(context.hostPlan, q.lang, `/pre-sales/booking/${id}`)}?token=${encodeURIComponent(token)}`;
  const description = translate(q.lang, "help", cancelled ? "manage.calendarCancelledDescription" : "manage.calendarDescription")
    .replace("{{reference}}", booking.reference)
    .replace("{{url}}", manageUrl);
  // The calendar itself has no zone, so DTSTAMP stays in UTC as RFC 5545 wants; the event's zone
  // brings its VTIMEZONE.
  const calendar = ical({
    prodId: { company: "facetbrowser", product: "pre-sales" },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  calendar.createEvent({
    id: `${booking.reference}@facetbrowser`,
    // A booking changes once at most: from booked to cancelled.
    sequence: cancelled ? 1 : 0,
    stamp: new Date(),
    start: DateTime.fromISO(booking.slot.start, { zone: timeZone }),
    end: DateTime.fromISO(booking.slot.end, { zone: timeZone }),
    timezone: timeZone,
    summary: translate(q.lang, "help", "manage.calendarTitle"),
    description,
    url: cancelled ? null : manageUrl,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return new Response(calendar.toString(), {
    headers: {
      "Content-Type": `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "PUBLISH"}`,
      "Content-Disposition": `attachment; filename="${booking.reference}.ics"`,
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}

// ---- staff area ------------------------------------------------------------------------------
// What the /admin/bookings pages load (the routes check the staff member's role first).

export const STAFF_LIST_PAGE_SIZE = 20;
const STATUS_FILTERS = ["all", "unsolved", "solved", "cancelled"] as const;

/** /admin/bookings: the month's counts and the chosen day's bookings, or the upcoming list (`?view=list`). */
export async function loadStaffBookings(context: AppLoadContext, request: Request) {
  const timeZone = context.businessTimeZone;
  const params = new URL(request.url).searchParams;
  const today = todayInZone(timeZone);
  const view = params.get("view") === "list" ? ("list" as const) : ("calendar" as const);
  const status = (STATUS_FILTERS as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as StatusFilter) : "all";
  const day = isCalendarDate(params.get("day") ?? "") ? params.get("day")! : today;
  const month = MONTH.test(params.get("month") ?? "") ? params.get("month")! : day.slice(0, 7);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const base = { timeZone, today, view, status, day, month, page, pageSize: STAFF_LIST_PAGE_SIZE };
  if (view === "list") {
    const upcoming = await listUpcomingBookings(context.db, { status, page, pageSize: STAFF_LIST_PAGE_SIZE, timeZone });
    return { ...base, counts: [], dayBookings: [], upcoming };
  }
  const [counts, dayBookings] = await Promise.all([
    bookingMonthCounts(context.db, { month, timeZone }),
    listDayBookings(context.db, { day, status, timeZone }),
  ]);
  return { ...base, counts, dayBookings, upcoming: null };
}

/** /admin/bookings/:id: one booking, or 404. */
export async function loadStaffBooking(context: AppLoadContext, id: string | undefined) {
  const bookingId = idFromPath(id);
  if (bookingId === null) throw data({ reason: "notFound" as const }, { status: 404 });
  const booking = await staffBookingDetail(context.db, bookingId, context.businessTimeZone);
  if (!booking) throw data({ reason: "notFound" as const }, { status: 404 });
  return { booking, timeZone: context.businessTimeZone };
}

/** /admin/bookings/schedule: the weekly schedule, the closed dates ahead and the slots of the next two weeks. */
export async function loadStaffSchedule(context: AppLoadContext) {
  const timeZone = context.businessTimeZone;
  const [schedule, closedDates, slots] = await Promise.all([
    readSchedule(context.db),
    listClosedDates(context.db, timeZone),
    slotsAhead(context.db, { days: STAFF_SLOTS_AHEAD_DAYS, timeZone }),
  ]);
  return { timeZone, today: todayInZone(timeZone), ...schedule, closedDates, slots, days: STAFF_SLOTS_AHEAD_DAYS };
}
