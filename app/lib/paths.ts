import { DEFAULT_LANG, isLangKey, type LangKey } from "~/i18n/languages";

/** Internal links carry the language prefix whenever the language is not the default. */
export function localizePath(path: string, lang: LangKey): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (lang === DEFAULT_LANG) return clean;
  return clean === "/" ? `/${lang}` : `/${lang}${clean}`;
}

/** Splits a pathname into its language (default when unprefixed) and the rest. */
export function splitLangPrefix(pathname: string): { lang: LangKey; path: string; prefixed: boolean } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (match && isLangKey(match[1])) return { lang: match[1], path: match[2] || "/", prefixed: true };
  return { lang: DEFAULT_LANG, path: pathname || "/", prefixed: false };
}

/** Sections whose pages exist per language: switching from inside one lands on its list. */
const SECTION_LANDINGS: ReadonlyArray<[RegExp, string]> = [
  [/^\/helps(\/|$)/, "/helps"],
  [/^\/blog([/-]|$)/, "/blog"],
  [/^\/news([/-]|$)/, "/news"],
];

/** Where the language switcher sends the visitor: the same page, or the section list. */
export function switchLanguagePath(pathname: string, to: LangKey): string {
  const { path } = splitLangPrefix(pathname);
  const landing = SECTION_LANDINGS.find(([re]) => re.test(path))?.[1];
  return localizePath(landing ?? path, to);
}
