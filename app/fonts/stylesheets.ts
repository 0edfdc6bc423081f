import type { LangKey } from "~/i18n/languages";
import zhHans from "./generated/zh-hans.css?url";
import zhHant from "./generated/zh-hant.css?url";
import ja from "./generated/ja.css?url";

/**
 * The Chinese and Japanese @font-face rules are about 30 KB gzip each (a hundred slices, each with
 * its list of code points), so they are a stylesheet of their own that only pages in that language
 * link; Thai and Devanagari have one slice each and sit in the main stylesheet (docs/decisions/0023).
 */
const WEB_FONT_STYLESHEETS: Partial<Record<LangKey, string>> = { zh: zhHans, tc: zhHant, jp: ja };

export function webFontStylesheet(lang: LangKey): string | undefined {
  return WEB_FONT_STYLESHEETS[lang];
}
