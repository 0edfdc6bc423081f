import { DateLib, type DayPickerLocale } from "react-day-picker";
import { enUS, es, fr, hi, ja, pt, ru, th, tr, uk, vi, zhCN, zhTW } from "react-day-picker/locale";
import type { LangKey } from "~/i18n/languages";
import type { CalendarWords } from "./calendar-words";

/** react-day-picker's locale for each language: on the server only (calendar-words.ts says why). */
export const DAY_PICKER_LOCALES: Record<LangKey, DayPickerLocale> = { zh: zhCN, en: enUS, ru, vn: vi, es, pt, tc: zhTW, tr, th, fr, uk, hi, jp: ja };

const wordsByLang = new Map<LangKey, CalendarWords>();

/** A label the locale gives as text; the calendar's months never change its arrows' names. */
function text(label: unknown, fallback: string): string {
  return typeof label === "string" ? label : fallback;
}

/** The words the booking calendar writes in a language, read once per process from its locale. */
export function calendarWords(lang: LangKey): CalendarWords {
  const known = wordsByLang.get(lang);
  if (known) return known;
  const locale = DAY_PICKER_LOCALES[lang];
  const lib = new DateLib({ locale });
  const months = Array.from({ length: 12 }, (_, month) => new Date(2026, month, 1));
  // 2026-11-01 is a Sunday: the seven days from it are Sunday to Saturday, date-fns's day indexes.
  const days = Array.from({ length: 7 }, (_, day) => new Date(2026, 10, 1 + day));
  const words: CalendarWords = {
    code: locale.code ?? "en-US",
    weekStartsOn: locale.options?.weekStartsOn ?? 0,
    firstWeekContainsDate: locale.options?.firstWeekContainsDate ?? 1,
    months: months.map((month) => lib.format(month, "MMMM")),
    monthsStandalone: months.map((month) => lib.format(month, "LLLL")),
    days: days.map((day) => lib.format(day, "EEEE")),
    daysStandalone: days.map((day) => lib.format(day, "cccc")),
    daysShort: days.map((day) => lib.format(day, "cccccc")),
    next: text(locale.labels?.labelNext, "Go to the Next Month"),
    previous: text(locale.labels?.labelPrevious, "Go to the Previous Month"),
    nav: text(locale.labels?.labelNav, "Navigation bar"),
  };
  wordsByLang.set(lang, words);
  return words;
}
