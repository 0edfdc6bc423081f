import { getLanguage, type LangKey } from "~/i18n/languages";

const formats = new Map<LangKey, Intl.DateTimeFormat>();

/**
 * A date in the page's language. Fixed to UTC so the server and the browser (in any time zone)
 * print the same day, and hydration never disagrees.
 */
export function formatDate(iso: string, lang: LangKey): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(getLanguage(lang).tag, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    formats.set(lang, format);
  }
  return format.format(new Date(iso));
}
