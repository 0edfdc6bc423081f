import { LANGUAGES, type LangKey } from "~/i18n/languages";

/**
 * Maps the browser's preferred locales to a site language: an exact locale first (zh-TW is
 * Traditional, zh-CN Simplified), then the primary language. Locales the site lacks (it-IT,
 * id-ID) map to nothing.
 */
export function siteLanguageFor(locales: readonly string[]): LangKey | null {
  for (const raw of locales) {
    const locale = raw.toLowerCase();
    const exact = LANGUAGES.find((l) => l.locales.some((x) => x.toLowerCase() === locale));
    if (exact) return exact.key;
    const primary = locale.split("-")[0]!;
    const loose = LANGUAGES.find((l) => l.locales.some((x) => x.toLowerCase() === primary));
    if (loose) return loose.key;
  }
  return null;
}
