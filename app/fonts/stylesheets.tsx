import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import type { LangKey } from "~/i18n/languages";
import { useHydrated } from "~/hooks/use-hydrated";
import { slicedScriptSheet } from "./sliced-scripts";

/**
 * The Chinese and Japanese @font-face rules are about 30 KB gzip each (a hundred slices, each with
 * its list of code points), so they are a stylesheet of their own that only pages in that language
 * fetch, once hydrated: the first paint uses the rules the server wrote for the page's own text
 * (page-font-faces.server.ts). Thai and Devanagari have one slice each and sit in the main
 * stylesheet (docs/decisions/0023). Their family comes after the page's subset family in the
 * stacks (fonts.css, 0036): a character the page's subset has is never fetched again from a slice;
 * one that arrives later (another page, a comment, a chat message) is.
 */
const WEB_FONT_STYLESHEETS = import.meta.glob<string>("./generated/*.css", { query: "?url", import: "default", eager: true });

/**
 * The full rules: fetched into the cache once the page has hydrated, and applied only when text
 * the page's own rules may not cover can come (docs/decisions/0048): from a client navigation on
 * (the sheet is in the cache by then), or once a text field takes focus or the page draws a CJK
 * character they lack (later-text.ts). Applying them lays out all the page's text again, a long
 * task on a phone, which a page nobody navigates from or types in never needs. A component of its
 * own so that only it renders again then, not the layout around the whole page.
 */
export function WebFontStylesheet({ lang }: { lang: LangKey }) {
  const hydrated = useHydrated();
  const href = slicedScriptSheet(lang, WEB_FONT_STYLESHEETS);
  const [applied, setApplied] = useState(false);
  const navigating = useNavigation().state !== "idle";
  const { key } = useLocation();
  const documentKey = useRef(key);
  const needed = applied || navigating || key !== documentKey.current;
  useEffect(() => {
    if (!hydrated || !href) return;
    // Once applied the rules stay (a navigation that is cancelled does not take them away).
    if (needed) {
      setApplied(true);
      return;
    }
    // The watcher's code comes only to the pages that use it, not with every page's scripts;
    // should it fail to load, the rules are applied at once, as before 0048.
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("./later-text").then(
      ({ watchForLaterText }) => {
        if (!cancelled) stop = watchForLaterText(() => setApplied(true));
      },
      () => setApplied(true),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [hydrated, href, needed]);
  if (!hydrated || !href) return null;
  // Two elements: React does not let a stylesheet it placed by precedence change its kind.
  return (
    <>
      <link rel="prefetch" href={href} as="style" />
      {needed ? <link rel="stylesheet" href={href} precedence="default" /> : null}
    </>
  );
}

/**
 * The staff area in Chinese: its pages are not cached and are few, so the full rules are linked
 * with the page rather than written per page (every glyph it shows then comes from our web font).
 */
export function StaffWebFontStylesheet({ lang }: { lang: LangKey }) {
  const href = slicedScriptSheet(lang, WEB_FONT_STYLESHEETS);
  return href ? <link rel="stylesheet" href={href} precedence="default" /> : null;
}
