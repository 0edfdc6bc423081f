import { data } from "react-router";
import { DEFAULT_LANG, isLangKey, type LangKey } from "~/i18n/languages";
import { splitLangPrefix } from "./paths";

/**
 * The language of a page from its route params. A prefix that is not a site language is a 404,
 * never a second copy of the English page (docs/decisions/0007).
 */
export function requirePageLang(params: { lang?: string }): LangKey {
  if (params.lang === undefined) return DEFAULT_LANG;
  if (isLangKey(params.lang)) return params.lang;
  throw data(null, { status: 404 });
}

/**
 * The language the shell is shown in, from the URL's first segment, so that even a 404 deep
 * under /ru/… is in Russian.
 */
export function shellLang(pathname: string): LangKey {
  return splitLangPrefix(pathname).lang;
}
