import { DateLib, type DayPickerLocale } from "react-day-picker";

/** Month captions by locale and month ("zh-CN 2026-11"): those the server wrote, in the browser only. */
const written = new Map<string, string>();
const yearFirstFormats = new Map<string, Intl.DateTimeFormat>();
const dateLibs = new WeakMap<DayPickerLocale, DateLib>();

/** One date library per locale (calendar-words.ts gives one locale object per page's words). */
function dateLib(locale: DayPickerLocale): DateLib {
  let lib = dateLibs.get(locale);
  if (!lib) {
    lib = new DateLib({ locale });
    dateLibs.set(locale, lib);
  }
  return lib;
}

/** A calendar month as the server wrote it: "YYYY-MM" of a plain local date. */
export type MonthCaptions = Record<string, string>;

function monthKey(month: Date): string {
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, "0")}`;
}

/**
 * The calendar's caption and grid label for a month, as DayPicker writes them ("November 2026",
 * "2026年11月"). DayPicker builds a new Intl.DateTimeFormat on every call for the languages that
 * put the year first (Chinese, Japanese), twice per render: 60-160 ms of a 4x-throttled
 * hydration each time. Here that formatter is built once per language, and not at all while the
 * page hydrates on the months the server wrote.
 */
export function monthCaption(month: Date, locale: DayPickerLocale): string {
  const code = locale.code ?? "";
  const known = written.get(`${code} ${monthKey(month)}`);
  if (known !== undefined) return known;
  const lib = dateLib(locale);
  if (lib.getMonthYearOrder() !== "year-first") return lib.formatMonthYear(month);
  let format = yearFirstFormats.get(code);
  if (!format) {
    format = new Intl.DateTimeFormat(code, { month: "long", year: "numeric" });
    yearFirstFormats.set(code, format);
  }
  return format.format(month);
}

/**
 * A day button's name: the date in the page's language holding the number the button shows
 * (WCAG 2.5.3: DayPicker's own name says "November 1st" beside a "1", and "१" in Hindi), with its
 * weekday. date-fns patterns, not Intl: no formatter is built while the page hydrates.
 */
export function dayLabel(day: Date, locale: DayPickerLocale): string {
  const lib = dateLib(locale);
  return lib.format(day, lib.getMonthYearOrder() === "year-first" ? "yyyy年M月d日 EEEE" : "EEEE d MMMM yyyy");
}

/** The captions of every month from one business date (YYYY-MM-DD) to another, on the server. */
export function writtenMonthCaptions(locale: DayPickerLocale, from: string, to: string): MonthCaptions {
  const [fromYear, fromMonth] = from.split("-").map(Number) as [number, number];
  const [toYear, toMonth] = to.split("-").map(Number) as [number, number];
  const out: MonthCaptions = {};
  for (
    let month = new Date(fromYear, fromMonth - 1, 1);
    month <= new Date(toYear, toMonth - 1, 1);
    month = new Date(month.getFullYear(), month.getMonth() + 1, 1)
  ) {
    out[monthKey(month)] = monthCaption(month, locale);
  }
  return out;
}

export function rememberMonthCaptions(locale: DayPickerLocale, captions: MonthCaptions | undefined): void {
  if (typeof document === "undefined" || !captions) return;
  for (const [month, text] of Object.entries(captions)) written.set(`${locale.code ?? ""} ${month}`, text);
}
