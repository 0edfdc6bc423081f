import { DateLib } from "react-day-picker";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LANG_KEYS } from "~/i18n/languages";
import { calendarLocale } from "./calendar-words";
import { calendarWords, DAY_PICKER_LOCALES } from "./calendar-words.server";
import { dayLabel, monthCaption, rememberMonthCaptions, writtenMonthCaptions } from "./month-captions";

/** The locale the booking page builds from the server's words. */
const pageLocale = (lang: (typeof LANG_KEYS)[number]) => calendarLocale(calendarWords(lang));

describe("the booking calendar's month captions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are DayPicker's own with its locale, in every language", () => {
    const month = new Date(2026, 10, 1);
    for (const lang of LANG_KEYS) {
      expect(monthCaption(month, pageLocale(lang)), lang).toBe(new DateLib({ locale: DAY_PICKER_LOCALES[lang] }).formatMonthYear(month));
    }
    expect(monthCaption(month, pageLocale("zh"))).toBe("2026年11月");
    expect(monthCaption(month, pageLocale("ru"))).toBe("ноябрь 2026");
  });

  it("are written for every month a range of business dates touches, across a year's end", () => {
    expect(Object.keys(writtenMonthCaptions(pageLocale("en"), "2026-11-24", "2027-01-02"))).toEqual(["2026-11", "2026-12", "2027-01"]);
    expect(writtenMonthCaptions(pageLocale("jp"), "2026-11-24", "2026-11-30")).toEqual({ "2026-11": "2026年11月" });
  });

  it("are taken as written in the browser, for their language and month only", () => {
    vi.stubGlobal("document", {});
    rememberMonthCaptions(pageLocale("tc"), { "2026-12": "written December" });
    expect(monthCaption(new Date(2026, 11, 15), pageLocale("tc"))).toBe("written December");
    expect(monthCaption(new Date(2027, 0, 1), pageLocale("tc"))).not.toContain("written");
    expect(monthCaption(new Date(2026, 11, 15), pageLocale("zh"))).not.toContain("written");
  });
});

describe("dayLabel", () => {
  it("names a day with the number its button shows, in the page's language", () => {
    const day = new Date(2026, 10, 1);
    expect(dayLabel(day, pageLocale("en"))).toBe("Sunday 1 November 2026");
    expect(dayLabel(day, pageLocale("zh"))).toBe("2026年11月1日 星期日");
    expect(dayLabel(day, pageLocale("hi"))).toContain(" 1 ");
    expect(dayLabel(day, pageLocale("ru"))).toBe("воскресенье 1 ноября 2026");
  });

  it("is the one DayPicker's own locale writes, in every language and month", () => {
    for (const lang of LANG_KEYS) {
      for (let day = new Date(2026, 10, 1); day < new Date(2027, 10, 1); day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)) {
        expect(dayLabel(day, pageLocale(lang)), lang).toBe(dayLabel(day, DAY_PICKER_LOCALES[lang]));
      }
    }
  });
});
