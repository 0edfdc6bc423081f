import { describe, expect, it } from "vitest";
import { isCalendarDate, periodProblems, ScheduleInput, slotCount } from "./booking-schedule";

const p = (weekday: number, start_time: string, end_time: string, slot_minutes: number | string = 60, capacity: number | string = 3) => ({
  weekday,
  start_time,
  end_time,
  slot_minutes,
  capacity,
});

describe("schedule periods", () => {
  it("accepts a morning and an afternoon on one day, the same hours on another, and an empty week", () => {
    expect(periodProblems([p(1, "10:00", "12:00"), p(1, "14:00", "18:00"), p(2, "10:00", "12:00")])).toEqual(new Map());
    expect(periodProblems([p(1, "10:00", "12:00"), p(1, "12:00", "13:00")])).toEqual(new Map()); // touching is not overlapping
    expect(ScheduleInput.safeParse([]).success).toBe(true);
  });

  it("names the first problem of each bad period, by its index", () => {
    const problems = periodProblems([
      p(1, "24:00", "25:00"),
      p(1, "", "12:00"),
      p(1, "10:00", ""),
      p(1, "10:00", "12:00", 5),
      p(1, "10:00", "12:00", 60, 0),
      p(2, "12:00", "10:00"),
      p(2, "10:00", "10:30"),
      p(3, "09:00", "12:00"),
      p(3, "11:00", "13:00"),
    ]);
    expect([...problems]).toEqual([
      [0, "start_time"],
      [1, "start_time"],
      [2, "end_time"],
      [3, "slot_minutes"],
      [4, "capacity"],
      [5, "order"],
      [6, "too_short"],
      [8, "overlap"],
    ]);
  });

  it("allows at most six periods a day", () => {
    const day = Array.from({ length: 7 }, (_, i) => p(4, `${String(10 + i).padStart(2, "0")}:00`, `${String(10 + i).padStart(2, "0")}:30`, 30));
    expect([...periodProblems(day)]).toEqual([[6, "too_many"]]);
    expect(ScheduleInput.safeParse(day).success).toBe(false);
  });

  it("counts the slots a period makes (a remainder shorter than a slot makes none)", () => {
    expect(slotCount("10:00", "12:00", 60)).toBe(2);
    expect(slotCount("10:00", "12:50", 60)).toBe(2);
    expect(slotCount("10:00", "09:00", 60)).toBe(0);
    expect(slotCount("", "12:00", 60)).toBe(0);
  });

  it("takes real dates of 1900-2999 only (PostgreSQL has no year 0)", () => {
    expect(isCalendarDate("2026-11-23")).toBe(true);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    for (const bad of ["2026-02-29", "2026-13-01", "0000-01-01", "3000-01-01", "26-11-23", "2026-11-23T00:00"]) expect(isCalendarDate(bad), bad).toBe(false);
  });
});
