import type { LangKey } from "~/i18n/languages";
import { useHydrated } from "~/lib/use-hydrated";
import zhHans from "./generated/zh-hans.css?url";
import zhHant from "./generated/zh-hant.css?url";
import ja from "./generated/ja.css?url";

/**
 * The Chinese and Japanese @font-face rules are about 30 KB gzip each (a hundred slices, each with
 * its list of code points), so they are a stylesheet of their own that only pages in that language
 * link, once hydrated: the first paint uses the rules the server wrote for the page's own text
 * (page-font-faces.server.ts). Thai and Devanagari have one slice each and sit in the main
 * stylesheet (docs/decisions/0023).
 */
const WEB_FONT_STYLESHEETS: Partial<Record<LangKey, string>> = { zh: zhHans, tc: zhHant, jp: ja };

/**
 * The full rules, linked once the page has hydrated. A component of its own so that only it
 * renders again then, not the layout around the whole page.
 */
export function WebFontStylesheet({ lang }: { lang: LangKey }) {
  const hydrated = useHydrated();
  const href = WEB_FONT_STYLESHEETS[lang];
  return hydrated && href ? <link rel="stylesheet" href={href} precedence="default" /> : null;
}
