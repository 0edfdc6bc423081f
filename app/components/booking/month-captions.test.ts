import { DateLib } from "react-day-picker";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DAY_PICKER_LOCALES, dayLabel, monthCaption, rememberMonthCaptions, writtenMonthCaptions } from "./month-captions";

describe("the booking calendar's month captions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are DayPicker's own, in every language", () => {
    const month = new Date(2026, 10, 1);
    for (const lang of Object.keys(DAY_PICKER_LOCALES) as (keyof typeof DAY_PICKER_LOCALES)[]) {
      expect(monthCaption(month, lang), lang).toBe(new DateLib({ locale: DAY_PICKER_LOCALES[lang] }).formatMonthYear(month));
    }
    expect(monthCaption(month, "zh")).toBe("2026年11月");
  });

  it("are written for every month a range of business dates touches, across a year's end", () => {
    expect(Object.keys(writtenMonthCaptions("en", "2026-11-24", "2027-01-02"))).toEqual(["2026-11", "2026-12", "2027-01"]);
    expect(writtenMonthCaptions("jp", "2026-11-24", "2026-11-30")).toEqual({ "2026-11": "2026年11月" });
  });

  it("are taken as written in the browser, for their language and month only", () => {
    vi.stubGlobal("document", {});
    rememberMonthCaptions("tc", { "2026-12": "written December" });
    expect(monthCaption(new Date(2026, 11, 15), "tc")).toBe("written December");
    expect(monthCaption(new Date(2027, 0, 1), "tc")).not.toContain("written");
    expect(monthCaption(new Date(2026, 11, 15), "zh")).not.toContain("written");
  });
});

describe("dayLabel", () => {
  it("names a day with the number its button shows, in the page's language", () => {
    const day = new Date(2026, 10, 1);
    expect(dayLabel(day, "en")).toBe("Sunday 1 November 2026");
    expect(dayLabel(day, "zh")).toBe("2026年11月1日 星期日");
    expect(dayLabel(day, "hi")).toContain(" 1 ");
    expect(dayLabel(day, "ru")).toBe("воскресенье 1 ноября 2026");
  });
});
