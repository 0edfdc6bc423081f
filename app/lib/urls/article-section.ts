import type { LangKey } from "~/i18n/languages";
import { splitLangPrefix } from "./paths";

export type ArticleType = "blog" | "news";

/** Blog and news routes share modules: the section is the first segment after the language. */
export function articleTypeOf(request: Request, defaultLang: LangKey): ArticleType {
  const { path } = splitLangPrefix(new URL(request.url).pathname, defaultLang);
  return path.startsWith("/news") ? "news" : "blog";
}
