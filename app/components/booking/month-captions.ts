import { DateLib } from "react-day-picker";
import { enUS, es, fr, hi, ja, pt, ru, th, tr, uk, vi, zhCN, zhTW } from "react-day-picker/locale";
import type { LangKey } from "~/i18n/languages";

export const DAY_PICKER_LOCALES: Record<LangKey, typeof enUS> = { zh: zhCN, en: enUS, ru, vn: vi, es, pt, tc: zhTW, tr, th, fr, uk, hi, jp: ja };

/** Month captions by language and month ("zh 2026-11"): those the server wrote, in the browser only. */
const written = new Map<string, string>();
const yearFirstFormats = new Map<LangKey, Intl.DateTimeFormat>();
/** Our languages among DayPicker's (private) year-first locales; the unit test compares every caption with DayPicker's. */
const YEAR_FIRST: ReadonlySet<LangKey> = new Set(["zh", "tc", "jp"]);

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
export function monthCaption(month: Date, lang: LangKey): string {
  const known = written.get(`${lang} ${monthKey(month)}`);
  if (known !== undefined) return known;
  const locale = DAY_PICKER_LOCALES[lang];
  if (!YEAR_FIRST.has(lang)) return new DateLib({ locale }).formatMonthYear(month);
  let format = yearFirstFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(locale.code, { month: "long", year: "numeric" });
    yearFirstFormats.set(lang, format);
  }
  return format.format(month);
}

const dateLibs = new Map<LangKey, DateLib>();

/**
 * A day button's name: the date in the page's language holding the number the button shows
 * (WCAG 2.5.3: DayPicker's own name says "November 1st" beside a "1", and "१" in Hindi), with its
 * weekday. date-fns patterns, not Intl: no formatter is built while the page hydrates.
 */
export function dayLabel(day: Date, lang: LangKey): string {
  let lib = dateLibs.get(lang);
  if (!lib) {
    lib = new DateLib({ locale: DAY_PICKER_LOCALES[lang] });
    dateLibs.set(lang, lib);
  }
  return lib.format(day, YEAR_FIRST.has(lang) ? "yyyy年M月d日 EEEE" : "EEEE d MMMM yyyy");
}

/** The captions of every month from one business date (YYYY-MM-DD) to another, on the server. */
export function writtenMonthCaptions(lang: LangKey, from: string, to: string): MonthCaptions {
  const [fromYear, fromMonth] = from.split("-").map(Number) as [number, number];
  const [toYear, toMonth] = to.split("-").map(Number) as [number, number];
  const out: MonthCaptions = {};
  for (
    let month = new Date(fromYear, fromMonth - 1, 1);
    month <= new Date(toYear, toMonth - 1, 1);
    month = new Date(month.getFullYear(), month.getMonth() + 1, 1)
  ) {
    out[monthKey(month)] = monthCaption(month, lang);
  }
  return out;
}

export function rememberMonthCaptions(lang: LangKey, captions: MonthCaptions | undefined): void {
  if (typeof document === "undefined" || !captions) return;
  for (const [month, text] of Object.entries(captions)) written.set(`${lang} ${month}`, text);
}
