import { renderToStaticMarkup } from "react-dom/server";
import { DayPicker, type DayPickerLocale } from "react-day-picker";
import { describe, expect, it } from "vitest";
import { LANG_KEYS } from "~/i18n/languages";
import { calendarLocale } from "./calendar-words";
import { calendarWords, DAY_PICKER_LOCALES } from "./calendar-words.server";
import { dayLabel, monthCaption } from "./month-captions";

/** The calendar as BookingPage configures it, for one month. */
function calendar(locale: DayPickerLocale, month: Date): string {
  return renderToStaticMarkup(
    <DayPicker
      mode="single"
      today={new Date(2026, 10, 28)}
      month={month}
      startMonth={new Date(2026, 0, 1)}
      endMonth={new Date(2027, 11, 1)}
      selected={new Date(month.getFullYear(), month.getMonth(), 12)}
      locale={locale}
      formatters={{ formatCaption: (shown) => monthCaption(shown, locale) }}
      labels={{ labelGrid: (shown) => monthCaption(shown, locale), labelDayButton: (day) => dayLabel(day, locale) }}
    />,
  );
}

describe("the calendar built from the server's words", () => {
  it("writes what react-day-picker's own locale writes, in every language and month of a year", () => {
    for (const lang of LANG_KEYS) {
      const fromWords = calendarLocale(calendarWords(lang));
      for (let month = 0; month < 13; month += 1) {
        const shown = new Date(2026, 10 + month, 1);
        expect(calendar(fromWords, shown), `${lang} ${shown.toDateString()}`).toBe(calendar(DAY_PICKER_LOCALES[lang], shown));
      }
    }
  });

  it("writes the language's own words, week start and arrows' names", () => {
    const html = calendar(calendarLocale(calendarWords("ru")), new Date(2026, 10, 1));
    expect(html).toContain('lang="ru"');
    expect(html).toContain("Перейти к следующему месяцу");
    expect(html).toContain('aria-label="понедельник"');
    // Monday first: the grid's first head cell is Monday's.
    expect(html.indexOf('aria-label="понедельник"')).toBeLessThan(html.indexOf('aria-label="воскресенье"'));
    expect(calendar(calendarLocale(calendarWords("th")), new Date(2026, 10, 1))).toContain("พฤศจิกายน");
  });

  it("gives one locale object per page's words, so DayPicker keeps its date library between renders", () => {
    const words = calendarWords("tc");
    expect(calendarLocale(words)).toBe(calendarLocale(words));
  });
});
