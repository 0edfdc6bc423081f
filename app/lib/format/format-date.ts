import { getLanguage, type LangKey } from "~/i18n/languages";

const formats = new Map<LangKey, Intl.DateTimeFormat>();

/**
 * Days the server already wrote into the page, as it wrote them, by language and UTC day. Used
 * while the page hydrates: a phone's first Intl.DateTimeFormat for a language costs it about
 * 40 ms (ICU's calendar data for the locale), one long task in the middle of hydration, measured
 * at 160 ms of a 4x-throttled article load. With these the browser builds none until it shows a
 * date the server did not send (a comment loaded later). Filled in the browser only.
 */
const written = new Map<string, string>();

/** A page's dates as the server formatted them: UTC day (YYYY-MM-DD) to text. */
export type WrittenDates = Record<string, string>;

function utcDay(iso: string): string | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/**
 * A date in the page's language. Fixed to UTC so the server and the browser (in any time zone)
 * print the same day, and hydration never disagrees.
 */
export function formatDate(iso: string, lang: LangKey): string {
  const day = utcDay(iso);
  const known = day === null ? undefined : written.get(`${lang} ${day}`);
  if (known !== undefined) return known;
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(getLanguage(lang).tag, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    formats.set(lang, format);
  }
  return format.format(new Date(iso));
}

/**
 * The dates a page shows, formatted for its data, one entry per UTC day: each page service lists
 * the timestamps its page shows (an absent one, null, is skipped) and returns them as
 * `writtenDates`, beside `writtenNumbers`; the root remembers those of every route it renders.
 */
export function writtenDates(lang: LangKey, isos: Iterable<string | null | undefined>): WrittenDates {
  const out: WrittenDates = {};
  for (const iso of isos) {
    if (!iso) continue;
    const day = utcDay(iso);
    if (day !== null && !(day in out)) out[day] = formatDate(iso, lang);
  }
  return out;
}

/** Keeps the days the server wrote, so that rendering them again in the browser builds no formatter. */
export function rememberWrittenDates(lang: LangKey, dates: WrittenDates | undefined): void {
  if (typeof document === "undefined" || !dates) return;
  for (const [day, text] of Object.entries(dates)) written.set(`${lang} ${day}`, text);
}
