/**
 * The staff area's bookings (issue 13): bookings by day, month and upcoming, one booking's
 * details, solved/unsolved, cancelling, the weekly schedule, closed dates and the slots ahead.
 * Roles: admin and support (`bookings` area). Every write is audited in its own transaction.
 * This module exports only endpoints (the router spreads it).
 */
import { z } from "zod";
import { isCalendarDate, MONTH, SCHEDULE_LIMITS, ScheduleInput, SchedulePeriod } from "@contracts/booking-schedule";
import {
  addClosedDate,
  addDays,
  bookingMonthCounts,
  listClosedDates,
  listDayBookings,
  listUpcomingBookings,
  readSchedule,
  removeClosedDate,
  saveSchedule,
  setBookingStatus,
  slotsAhead,
  STAFF_SLOTS_AHEAD_DAYS,
  staffBookingDetail,
  staffCancelBooking,
  todayInZone,
} from "../../services/bookings.server";
import { ApiError } from "../envelope.server";
import { defineStaffEndpoint, LangParam, paged, PageParams } from "../endpoint.server";
import { IdParam } from "@contracts/whole-numbers";

const Id = IdParam;
const Day = z.string().trim().refine(isCalendarDate, "YYYY-MM-DD");
const Month = z.string().trim().regex(MONTH);
const Status = z.enum(["unsolved", "solved", "cancelled"]);
const StatusFilter = z.enum(["all", "unsolved", "solved", "cancelled"]).default("all");

const SlotRef = z.object({ id: z.number().int(), start: z.string().describe("ISO 8601 with the business zone's offset"), end: z.string() });
const BookingItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: Status,
  company: z.string(),
  account: z.string(),
  slot: SlotRef,
  created_at: z.string(),
});
const BookingDetail = BookingItem.extend({
  slot: SlotRef.extend({ capacity: z.number().int(), booked: z.number().int() }),
  phone: z.string(),
  chat_app: z.boolean(),
  content: z.string(),
  contact_from: z.string().describe("HH:MM, business time"),
  contact_to: z.string(),
  lang: z.string(),
  cancelled_at: z.string().nullable(),
});
const SlotChanges = z.object({ removed: z.number().int(), closed: z.number().int(), written: z.number().int() });
const ClosedDateView = z.object({ day: z.string(), reason: z.string(), active_bookings: z.number().int() });
const SlotAheadView = z.object({
  id: z.number().int(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  remaining: z.number().int(),
  in_schedule: z.boolean().describe("false: kept only for its bookings, takes no new ones"),
});

export const adminBookingList = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/bookings",
  summary:
    "Bookings, filtered by status (all, unsolved, solved, cancelled). With `day` (a business date): that day's bookings in slot order; without: the bookings whose slot has not ended, soonest first. Paged",
  tag: "admin",
  staff: "bookings",
  input: z.object({ lang: LangParam, ...PageParams, status: StatusFilter, day: Day.optional() }),
  output: paged(BookingItem).extend({ time_zone: z.string() }),
  errors: ["invalidValue"],
  async handler(input, { db, settings }) {
    const timeZone = settings.businessTimeZone;
    if (input.day) {
      const all = await listDayBookings(db, { day: input.day, status: input.status, timeZone });
      const start = (input.page - 1) * input.page_size;
      return { list: all.slice(start, start + input.page_size), total: all.length, page: input.page, page_size: input.page_size, time_zone: timeZone };
    }
    const { list, total } = await listUpcomingBookings(db, { status: input.status, page: input.page, pageSize: input.page_size, timeZone });
    return { list, total, page: input.page, page_size: input.page_size, time_zone: timeZone };
  },
});

export const adminBookingCalendar = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/bookings/calendar",
  summary: "How many bookings of each status every business date of a month has (`month` YYYY-MM, default this month); days without bookings are left out",
  tag: "admin",
  staff: "bookings",
  input: z.object({ lang: LangParam, month: Month.optional() }),
  output: z.object({
    time_zone: z.string(),
    month: z.string(),
    days: z.array(z.object({ date: z.string(), unsolved: z.number().int(), solved: z.number().int(), cancelled: z.number().int() })),
  }),
  errors: ["invalidValue"],
  async handler(input, { db, settings }) {
    const timeZone = settings.businessTimeZone;
    const month = input.month ?? todayInZone(timeZone).slice(0, 7);
    return { time_zone: timeZone, month, days: await bookingMonthCounts(db, { month, timeZone }) };
  },
});

export const adminBookingDetail = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/bookings/detail",
  summary: "Everything about one booking: the visitor's answers, the slot (business time) with its places, status and times (10404 when there is none)",
  tag: "admin",
  staff: "bookings",
  input: z.object({ lang: LangParam, id: Id }),
  output: BookingDetail.extend({ time_zone: z.string() }),
  errors: ["fieldRequired", "invalidValue", "notFound"],
  async handler({ id }, { db, settings }) {
    const booking = await staffBookingDetail(db, id, settings.businessTimeZone);
    if (!booking) throw new ApiError("notFound", "id");
    return { ...booking, time_zone: settings.businessTimeZone };
  },
});

export const adminBookingStatus = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/bookings/status",
  summary:
    "Marks a booking solved or unsolved (spec section 3). Setting the status it has changes nothing; a cancelled booking cannot be marked (10409); no such booking 10404. Audited",
  tag: "admin",
  staff: "bookings",
  input: z.object({ lang: LangParam, id: Id, status: z.enum(["solved", "unsolved"]) }),
  output: z.object({ changed: z.boolean(), booking: BookingDetail }),
  errors: ["fieldRequired", "invalidValue", "notFound", "editConflict"],
  async handler(input, { db, staff, settings }) {
    const outcome = await setBookingStatus(db, staff, { id: input.id, status: input.status, timeZone: settings.businessTimeZone });
    if (!outcome.ok) {
      if (outcome.reason === "missing") throw new ApiError("notFound", "id");
      throw new ApiError("editConflict", "status", "The booking is cancelled; its place has been freed.");
    }
    return { changed: outcome.changed, booking: outcome.booking };
  },
});

export const adminBookingCancel = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/bookings/cancel",
  summary:
    "Cancels a booking and frees its place in the slot, once (the same cancellation as the visitor's manage link, announced through the outbox as booking.cancelled). Cancelling again changes nothing (changed: false). Audited",
  tag: "admin",
  staff: "bookings",
  input: z.object({ lang: LangParam, id: Id }),
  output: z.object({ changed: z.boolean(), booking: BookingDetail }),
  errors: ["fieldRequired", "invalidValue", "notFound"],
  async handler({ id }, { db, staff, settings }) {
    const outcome = await staffCancelBooking(db, staff, { id, timeZone: settings.businessTimeZone });
    if (!outcome.ok) throw new ApiError("notFound", "id");
    return { changed: outcome.changed, booking: outcome.booking };
  },
});

export const adminBookingSchedule = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/bookings/schedule",
  summary: `The weekly schedule (periods per weekday, 0 = Sunday, business time) with its version, the closed dates from today on, and the slots of the next ${STAFF_SLOTS_AHEAD_DAYS} days with their places`,
  tag: "admin",
  staff: "bookings",
  input: z.object({ lang: LangParam }),
  output: z.object({
    time_zone: z.string(),
    version: z.string(),
    periods: z.array(SchedulePeriod),
    closed_dates: z.array(ClosedDateView),
    slots: z.array(SlotAheadView),
  }),
  errors: [],
  async handler(_input, { db, settings }) {
    const timeZone = settings.businessTimeZone;
    const [schedule, closed, slots] = await Promise.all([
      readSchedule(db),
      listClosedDates(db, timeZone),
      slotsAhead(db, { days: STAFF_SLOTS_AHEAD_DAYS, timeZone }),
    ]);
    return { time_zone: timeZone, ...schedule, closed_dates: closed, slots };
  },
});

export const adminBookingScheduleSave = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/bookings/schedule/save",
  summary: `Replaces the weekly schedule: \`periods\` is every opening period { weekday 0-6 (0 = Sunday), start_time and end_time HH:MM (start before end, long enough for one slot, not overlapping another period of that weekday; at most ${SCHEDULE_LIMITS.periodsPerDay} a day), slot_minutes ${SCHEDULE_LIMITS.slotMinutes.min}-${SCHEDULE_LIMITS.slotMinutes.max}, capacity ${SCHEDULE_LIMITS.capacity.min}-${SCHEDULE_LIMITS.capacity.max} }; a weekday without periods is closed. Any bad period is 10101 (field periods). \`version\` (required, 10100 without it) is the schedule's version you loaded: a schedule changed meanwhile is 10409 and nothing is saved. Slots are made again at once: unbooked slots the schedule no longer has go, booked ones stay for their bookings but take no new ones. Audited with the whole schedule before and after: an admin can put it back from the audit log (POST /admin/audit/restore)`,
  tag: "admin",
  staff: "bookings",
  // The version is required (issue 26): without it a save replaced the whole schedule unchecked.
  input: z.object({
    lang: LangParam,
    periods: ScheduleInput,
    version: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{16}$/),
  }),
  output: z.object({ changed: z.boolean(), version: z.string(), periods: z.array(SchedulePeriod), slots: SlotChanges.nullable() }),
  errors: ["fieldRequired", "invalidValue", "editConflict"],
  async handler(input, { db, staff, settings }) {
    const outcome = await saveSchedule(db, staff, { periods: input.periods, version: input.version, timeZone: settings.businessTimeZone });
    if (!outcome.ok) throw new ApiError("editConflict", "version", "The schedule was changed by someone else meanwhile; load it again.");
    return { changed: outcome.changed, version: outcome.version, periods: outcome.periods, slots: outcome.slots };
  },
});

export const adminClosedDateAdd = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/bookings/closed-dates/add",
  summary: `Closes a business date (today or later, at most ${SCHEDULE_LIMITS.closedAheadDays} days ahead) with a reason: its unbooked slots go, booked ones keep their bookings but take no new ones (active_bookings says how many to contact). A date already closed is 10411. Audited`,
  tag: "admin",
  staff: "bookings",
  input: z.object({ lang: LangParam, day: Day, reason: z.string().trim().min(1).max(SCHEDULE_LIMITS.closedReason) }),
  output: z.object({ closed: ClosedDateView, slots: SlotChanges }),
  errors: ["fieldRequired", "invalidValue", "alreadyExists"],
  async handler(input, { db, staff, settings }) {
    const timeZone = settings.businessTimeZone;
    const today = todayInZone(timeZone);
    if (input.day < today || input.day > addDays(today, SCHEDULE_LIMITS.closedAheadDays)) throw new ApiError("invalidValue", "day");
    const outcome = await addClosedDate(db, staff, { day: input.day, reason: input.reason, timeZone });
    if (!outcome.ok) throw new ApiError("alreadyExists", "day");
    return { closed: outcome.closed, slots: outcome.slots };
  },
});

export const adminClosedDateRemove = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/bookings/closed-dates/remove",
  summary: "Opens a closed date again; the schedule's slots for it are made at once. A date that is not closed is 10404. Audited",
  tag: "admin",
  staff: "bookings",
  input: z.object({ lang: LangParam, day: Day }),
  output: z.object({ removed: z.literal(true), slots: SlotChanges }),
  errors: ["fieldRequired", "invalidValue", "notFound"],
  async handler(input, { db, staff, settings }) {
    const outcome = await removeClosedDate(db, staff, { day: input.day, timeZone: settings.businessTimeZone });
    if (!outcome.ok) throw new ApiError("notFound", "day");
    return { removed: true as const, slots: outcome.slots };
  },
});
