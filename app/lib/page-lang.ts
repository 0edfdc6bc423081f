import type { LangKey } from "~/i18n/languages";
import { splitLangPrefix } from "./urls/paths";

/**
 * The language the shell is shown in, from the URL's first segment, so that even a 404 deep
 * under /ru/… is in Russian.
 */
export function shellLang(pathname: string, defaultLang: LangKey): LangKey {
  return splitLangPrefix(pathname, defaultLang).lang;
}
