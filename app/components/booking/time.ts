import { getLanguage, type LangKey } from "~/i18n/languages";

/** Slot times as the API gives them: ISO 8601 with the business zone's offset. */
export function businessTime(iso: string): string {
  return iso.slice(11, 16);
}

const longDateFormats = new Map<LangKey, Intl.DateTimeFormat>();

/** A business date (YYYY-MM-DD) written out in the page's language, e.g. "Monday, 23 November 2026". */
export function longDate(date: string, lang: LangKey): string {
  // Built once per language: the booking form writes the chosen date twice on every render.
  let format = longDateFormats.get(lang);
  if (!format) {
    // Western digits, as the calendar and the rest of the booking form write them.
    format = new Intl.DateTimeFormat(`${getLanguage(lang).tag}-u-nu-latn`, { dateStyle: "full", timeZone: "UTC" });
    longDateFormats.set(lang, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

/** An instant in the visitor's zone: "18:00", with the weekday when the date differs from the business date. */
export function visitorTime(iso: string, zone: string, lang: LangKey): string {
  const tag = getLanguage(lang).tag;
  const instant = new Date(iso);
  const localDate = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
  const time = new Intl.DateTimeFormat(tag, { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
  if (localDate === iso.slice(0, 10)) return time;
  const day = new Intl.DateTimeFormat(tag, { timeZone: zone, weekday: "short", day: "numeric", month: "short" }).format(instant);
  return `${day} ${time}`;
}

/** The visitor's own zone differs from the business zone at that instant (checked after hydration only). */
export function zoneDiffers(zone: string, iso: string): boolean {
  const instant = new Date(iso);
  const wall = (tz: string) => new Intl.DateTimeFormat("en-CA", { timeZone: tz, dateStyle: "short", timeStyle: "short", hourCycle: "h23" }).format(instant);
  return wall(zone) !== `${iso.slice(0, 10)}, ${iso.slice(11, 16)}`;
}

/** A slot's start and end in the visitor's zone: the long date and "HH:MM–HH:MM". */
export function visitorSlot(startIso: string, endIso: string, zone: string, lang: LangKey): { date: string; time: string } {
  const tag = getLanguage(lang).tag;
  const date = new Intl.DateTimeFormat(tag, { timeZone: zone, dateStyle: "full" }).format(new Date(startIso));
  const clock = (iso: string) => new Intl.DateTimeFormat(tag, { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
  return { date, time: `${clock(startIso)}–${clock(endIso)}` };
}
