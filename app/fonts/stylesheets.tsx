import type { LangKey } from "~/i18n/languages";
import { useHydrated } from "~/hooks/use-hydrated";
import { slicedScriptSheet } from "./sliced-scripts";

/**
 * The Chinese and Japanese @font-face rules are about 30 KB gzip each (a hundred slices, each with
 * its list of code points), so they are a stylesheet of their own that only pages in that language
 * link, once hydrated: the first paint uses the rules the server wrote for the page's own text
 * (page-font-faces.server.ts). Thai and Devanagari have one slice each and sit in the main
 * stylesheet (docs/decisions/0023). Their family comes after the page's subset family in the
 * stacks (fonts.css, 0036): a character the page's subset has is never fetched again from a slice;
 * one that arrives later (another page, a comment, a chat message) is.
 */
const WEB_FONT_STYLESHEETS = import.meta.glob<string>("./generated/*.css", { query: "?url", import: "default", eager: true });

/**
 * The full rules, linked once the page has hydrated. A component of its own so that only it
 * renders again then, not the layout around the whole page.
 */
export function WebFontStylesheet({ lang }: { lang: LangKey }) {
  const hydrated = useHydrated();
  const href = slicedScriptSheet(lang, WEB_FONT_STYLESHEETS);
  return hydrated && href ? <link rel="stylesheet" href={href} precedence="default" /> : null;
}

/**
 * The staff area in Chinese: its pages are not cached and are few, so the full rules are linked
 * with the page rather than written per page (every glyph it shows then comes from our web font).
 */
export function StaffWebFontStylesheet({ lang }: { lang: LangKey }) {
  const href = slicedScriptSheet(lang, WEB_FONT_STYLESHEETS);
  return href ? <link rel="stylesheet" href={href} precedence="default" /> : null;
}
