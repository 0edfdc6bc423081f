/**
 * What the pre-sales pages load: the calendar's first month of slots, a booking behind its
 * manage link, and the booking as an iCalendar file.
 */
import { createEvent } from "ics";
import { data, type AppLoadContext } from "react-router";
import type { LangKey } from "~/i18n/languages";
import { absoluteUrl } from "~/lib/meta";
import { translate } from "../i18n/messages.server";
import { addDays, getBooking, listSlots, todayInZone } from "./bookings.server";

/** The calendar opens on the coming five weeks; the page fetches more when the visitor pages on. */
export const FIRST_RANGE_DAYS = 35;

const appointmentNotFound = () => data({ reason: "appointmentNotFound" as const }, { status: 404 });

export async function loadPreSales(context: AppLoadContext, lang: LangKey) {
  const timeZone = context.businessTimeZone;
  const from = todayInZone(timeZone);
  const to = addDays(from, FIRST_RANGE_DAYS);
  return { lang, timeZone, from, to, slots: await listSlots(context.db, { from, to, timeZone }) };
}

function bookingRef(request: Request, id: string | undefined) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!id || !/^[1-9]\d{0,9}$/.test(id) || !token || token.length > 200) throw appointmentNotFound();
  return { id: Number(id), token };
}

export async function loadBooking(context: AppLoadContext, request: Request, q: { lang: LangKey; id: string | undefined }) {
  const { id, token } = bookingRef(request, q.id);
  const booking = await getBooking(context.db, id, token, context.businessTimeZone);
  if (!booking) throw appointmentNotFound();
  return { lang: q.lang, booking, token, timeZone: context.businessTimeZone };
}

/** The booking as an .ics file for the visitor's calendar, in UTC so every calendar places it right. */
export async function bookingCalendar(
  context: AppLoadContext,
  request: Request,
  q: { lang: LangKey; id: string | undefined },
): Promise<Response> {
  const { id, token } = bookingRef(request, q.id);
  const booking = await getBooking(context.db, id, token, context.businessTimeZone);
  if (!booking) throw appointmentNotFound();
  const manageUrl = `${absoluteUrl(context.hostPlan, q.lang, `/pre-sales/booking/${id}`)}?token=${encodeURIComponent(token)}`;
  const { error, value } = createEvent({
    uid: `${booking.reference}@facetbrowser`,
    start: Date.parse(booking.slot.start),
    end: Date.parse(booking.slot.end),
    startInputType: "utc",
    startOutputType: "utc",
    endInputType: "utc",
    endOutputType: "utc",
    title: translate(q.lang, "help", "manage.calendarTitle"),
    description: translate(q.lang, "help", "manage.calendarDescription").replace("{{reference}}", booking.reference).replace("{{url}}", manageUrl),
    url: manageUrl,
    status: booking.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
    productId: "facetbrowser/pre-sales",
  });
  if (error || !value) throw error ?? new Error("calendar file could not be made");
  return new Response(value, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${booking.reference}.ics"`,
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
