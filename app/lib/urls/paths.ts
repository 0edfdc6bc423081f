import { DEFAULT_LANG, isLangKey, type LangKey } from "~/i18n/languages";
import { defaultLangForHost, hostOf, originForLang, type HostPlan } from "./hosts";

/** Internal links carry the language prefix whenever the language is not the host's default (English). */
export function localizePath(path: string, lang: LangKey, defaultLang: LangKey = DEFAULT_LANG): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (lang === defaultLang) return clean;
  return clean === "/" ? `/${lang}` : `/${lang}${clean}`;
}

/** Splits a pathname into its language (the host's default when unprefixed) and the rest. */
export function splitLangPrefix(pathname: string, defaultLang: LangKey = DEFAULT_LANG): { lang: LangKey; path: string; prefixed: boolean } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (match && isLangKey(match[1])) return { lang: match[1], path: match[2] || "/", prefixed: true };
  return { lang: defaultLang, path: pathname || "/", prefixed: false };
}

/** Sections whose pages exist per language: switching from inside one lands on its list. */
const SECTION_LANDINGS: ReadonlyArray<[RegExp, string]> = [
  [/^\/helps(\/|$)/, "/helps"],
  [/^\/blog([/-]|$)/, "/blog"],
  [/^\/news([/-]|$)/, "/news"],
];

export function landingPath(path: string): string {
  return SECTION_LANDINGS.find(([re]) => re.test(path))?.[1] ?? path;
}

/** A page's address in a language: relative when it is on the current host, absolute otherwise. */
export function languageHref(plan: HostPlan | null, currentHost: string | undefined, path: string, lang: LangKey): string {
  if (!plan) return localizePath(path, lang);
  const origin = originForLang(plan, lang);
  const target = hostOf(origin);
  const localized = localizePath(path, lang, defaultLangForHost(plan, target));
  return target === currentHost ? localized : `${origin}${localized}`;
}

/** Where the language switcher sends the visitor: the same page, or the section list. */
export function switchLanguagePath(pathname: string, to: LangKey, options: { hostPlan?: HostPlan | null; host?: string; defaultLang?: LangKey } = {}): string {
  const { path } = splitLangPrefix(pathname, options.defaultLang);
  return languageHref(options.hostPlan ?? null, options.host, landingPath(path), to);
}
