import { LANGUAGES, type LangKey } from "~/i18n/languages";

/** Each site language's key, its page tag (<html lang>) and the browser locales it answers. */
export type LanguageTable = ReadonlyArray<readonly [key: string, tag: string, locales: readonly string[]]>;
export const LANGUAGE_TABLE: LanguageTable = LANGUAGES.map((l) => [l.key, l.tag, l.locales] as const);

/**
 * Maps the browser's preferred locales to a site language: an exact locale first (zh-TW is
 * Traditional, zh-CN Simplified), then the primary language. Locales the site lacks (it-IT,
 * id-ID) map to nothing. Self-contained: the visitor-state script carries its source, so the
 * prompt is known before the first paint (app/lib/visitor-state.ts).
 */
export function pickSiteLanguage(table: LanguageTable, locales: readonly string[]): string | null {
  const has = (wanted: string) => table.find((row) => row[2].some((x) => x.toLowerCase() === wanted));
  for (const raw of locales) {
    const locale = raw.toLowerCase();
    const match = has(locale) ?? has(locale.split("-")[0]!);
    if (match) return match[0];
  }
  return null;
}

export function siteLanguageFor(locales: readonly string[]): LangKey | null {
  return pickSiteLanguage(LANGUAGE_TABLE, locales) as LangKey | null;
}

/**
 * The language to suggest to this browser on a page of `pageTag`, or null: the same decision
 * before the first paint (which banner may show) and after hydration (the prompt itself).
 * `pick` is pickSiteLanguage, passed in so the script can carry both sources side by side.
 */
export function suggestedLanguage(table: LanguageTable, locales: readonly string[], pageTag: string, pick: typeof pickSiteLanguage): string | null {
  const wanted = pick(table, locales);
  const page = table.find((row) => row[1] === pageTag);
  return wanted && page && wanted !== page[0] ? wanted : null;
}
