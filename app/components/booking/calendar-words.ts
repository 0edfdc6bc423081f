import { defaultLocale, type DayPickerLocale } from "react-day-picker";

/**
 * The words the booking calendar writes in one language, read on the server from
 * react-day-picker's locale (calendar-words.server.ts) and sent with the page. The browser builds
 * its calendar locale from them, so it never loads date-fns's locales: all thirteen were 20 KB gzip
 * on the booking page, for one lookup. Server and browser build the same locale from the same
 * words, so hydration sees the same text.
 */
export interface CalendarWords {
  /** The locale's BCP 47 code ("zh-CN"): the calendar's `lang`, and DayPicker's year-first test. */
  code: string;
  weekStartsOn: LocaleOptions["weekStartsOn"];
  firstWeekContainsDate: LocaleOptions["firstWeekContainsDate"];
  /** Twelve month names as a date writes them ("MMMM": "ноября"), and standing alone ("LLLL": "ноябрь"). */
  months: string[];
  monthsStandalone: string[];
  /** Seven weekday names from Sunday: in a date ("EEEE"), standing alone ("cccc"), and short for the grid's head ("cccccc"). */
  days: string[];
  daysStandalone: string[];
  daysShort: string[];
  /** The month arrows' and their navigation's accessible names. */
  next: string;
  previous: string;
  nav: string;
}

type LocaleOptions = NonNullable<DayPickerLocale["options"]>;
type LocalizeOptions = Parameters<DayPickerLocale["localize"]["month"]>[1];

const locales = new WeakMap<CalendarWords, DayPickerLocale>();

/**
 * A DayPicker locale that writes the given words, with the English locale's code for the rest
 * (eras, quarters, day periods, which the calendar never writes). The same words give the same
 * object, so DayPicker does not rebuild its date library on every render.
 */
export function calendarLocale(words: CalendarWords): DayPickerLocale {
  const known = locales.get(words);
  if (known) return known;
  const base = defaultLocale.localize;
  const locale: DayPickerLocale = {
    ...defaultLocale,
    code: words.code,
    options: { weekStartsOn: words.weekStartsOn, firstWeekContainsDate: words.firstWeekContainsDate },
    localize: {
      ...base,
      // Only the widths the words carry; any other falls to English, which the unit test would see.
      month: (month: number, options?: LocalizeOptions) => {
        const names = (options?.width ?? "wide") !== "wide" ? [] : options?.context === "standalone" ? words.monthsStandalone : words.months;
        return names[month] ?? base.month(month as never, options);
      },
      day: (day: number, options?: LocalizeOptions) => {
        const width = options?.width ?? "wide";
        const standalone = options?.context === "standalone";
        const names = width === "short" && standalone ? words.daysShort : width !== "wide" ? [] : standalone ? words.daysStandalone : words.days;
        return names[day] ?? base.day(day as never, options);
      },
    },
    labels: { ...defaultLocale.labels, labelNext: words.next, labelPrevious: words.previous, labelNav: words.nav },
  };
  locales.set(words, locale);
  return locale;
}
