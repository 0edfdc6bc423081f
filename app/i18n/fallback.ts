import { fallbackChain, getLanguage, type LangKey } from "./languages";

/**
 * Which version of an item a reader of `lang` is shown (docs/decisions/0029): the first language
 * of their fallback chain the item is written in; an item in none of them (a Chinese-only
 * article read in Thai) is shown in its own language rather than not at all.
 */
export function versionToShow<V extends { lang: LangKey; id: number }>(
  lang: LangKey,
  item: { lang: LangKey; id: number; translations: readonly V[] },
): { lang: LangKey; id: number } {
  const versions = [{ lang: item.lang, id: item.id }, ...item.translations];
  for (const l of fallbackChain(lang)) {
    const found = versions.find((v) => v.lang === l);
    if (found) return found;
  }
  return { lang: item.lang, id: item.id };
}

/** The `lang` attribute of text written in `lang`, for text inside a page of another language. */
export const langAttribute = (lang: LangKey, page: LangKey) => (lang === page ? undefined : getLanguage(lang).tag);
