/**
 * The pre-sales schedule's rules (docs/decisions/0013), shared by the staff API, which is the
 * authority, and the schedule editor, which checks the same things first and says which row is
 * wrong. The limits are the `booking_schedule` table's check constraints; the cross-row rules
 * (hours long enough for one slot, no overlapping hours on one weekday) keep slot generation
 * from ever meeting two slots with the same start.
 */
import { z } from "zod";
import { wholeNumber } from "./whole-numbers";

// Zod may compile schemas with new Function(); the site's Content-Security-Policy forbids eval in the browser.
if (typeof window !== "undefined") z.config({ jitless: true });

export const SCHEDULE_LIMITS = {
  slotMinutes: { min: 10, max: 480 },
  capacity: { min: 1, max: 1000 },
  /** Separate opening hours on one weekday (e.g. a morning and an afternoon). */
  periodsPerDay: 6,
  closedReason: 200,
  /** Closed dates may be set this many days ahead at most. */
  closedAheadDays: 3 * 366,
} as const;

/** Monday first: the order the editor shows (0 = Sunday, as in the table and PostgreSQL's `dow`). */
export const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** "HH:MM", 00:00–23:59: the table's own pattern. */
export const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const SchedulePeriod = z.object({
  weekday: wholeNumber(0, 6),
  start_time: z.string().trim().regex(HHMM),
  end_time: z.string().trim().regex(HHMM),
  slot_minutes: wholeNumber(SCHEDULE_LIMITS.slotMinutes.min, SCHEDULE_LIMITS.slotMinutes.max),
  capacity: wholeNumber(SCHEDULE_LIMITS.capacity.min, SCHEDULE_LIMITS.capacity.max),
});
export type SchedulePeriod = z.output<typeof SchedulePeriod>;

export type PeriodProblem = "start_time" | "end_time" | "slot_minutes" | "capacity" | "order" | "too_short" | "overlap" | "too_many";

/**
 * The first problem of each period that has one (index → problem): bad fields first, then an end
 * not after the start, hours shorter than one slot, hours overlapping an earlier period of the
 * same weekday, or more periods on one day than allowed.
 */
export function periodProblems(
  periods: readonly { weekday: number; start_time: string; end_time: string; slot_minutes: number | string; capacity: number | string }[],
): Map<number, PeriodProblem> {
  const problems = new Map<number, PeriodProblem>();
  const seen = new Map<number, { from: number; to: number }[]>();
  periods.forEach((p, i) => {
    const parsed = SchedulePeriod.safeParse(p);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]!.path[0] ?? "start_time");
      problems.set(i, (["start_time", "end_time", "slot_minutes", "capacity"].includes(field) ? field : "start_time") as PeriodProblem);
      return;
    }
    const { weekday, start_time, end_time, slot_minutes } = parsed.data;
    const from = minutesOf(start_time);
    const to = minutesOf(end_time);
    if (to <= from) return void problems.set(i, "order");
    if (to - from < slot_minutes) return void problems.set(i, "too_short");
    const day = seen.get(weekday) ?? [];
    if (day.length >= SCHEDULE_LIMITS.periodsPerDay) return void problems.set(i, "too_many");
    if (day.some((other) => from < other.to && other.from < to)) return void problems.set(i, "overlap");
    seen.set(weekday, [...day, { from, to }]);
  });
  return problems;
}

/** The weekly schedule as the staff API takes it: every period of every weekday (none = closed all week). */
export const ScheduleInput = z
  .array(SchedulePeriod)
  .max(7 * SCHEDULE_LIMITS.periodsPerDay)
  .superRefine((periods, ctx) => {
    for (const [index, problem] of periodProblems(periods)) ctx.addIssue({ code: "custom", path: [index], message: problem });
  });

/** How many slots a period makes. */
export function slotCount(start: string, end: string, slotMinutes: number): number {
  if (!HHMM.test(start) || !HHMM.test(end) || !(slotMinutes > 0)) return 0;
  return Math.max(0, Math.floor((minutesOf(end) - minutesOf(start)) / slotMinutes));
}

/** A month of the years staff may look at, YYYY-MM (1900–2999: PostgreSQL has no year 0, and nothing older matters). */
export const MONTH = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/;

/** A real calendar date written YYYY-MM-DD, in 1900–2999. */
export function isCalendarDate(value: string): boolean {
  if (!DAY.test(value) || !MONTH.test(value.slice(0, 7))) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}
