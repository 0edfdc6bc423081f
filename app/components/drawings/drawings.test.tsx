import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LANG_KEYS } from "~/i18n/languages";
import { TranslationProvider, translatorFor } from "~/i18n/use-translation";
import { StaticFragmentsContext } from "~/lib/static-fragments";
import { staticFragments } from "~/lib/static-fragments.server";
import { Drawing } from "./Drawing";
import { DRAWING_NAMES, DRAWINGS } from "./index";
import type { DrawingKey } from "./types";

function wordsOf(lang: string) {
  const tree = JSON.parse(fs.readFileSync(path.resolve("app/locales", lang, "drawings.json"), "utf8")) as Record<string, Record<string, string>>;
  const asked: string[] = [];
  const t = (key: DrawingKey) => {
    asked.push(key);
    const [section, name] = key.split(".") as [string, string];
    return tree[section]?.[name] ?? "";
  };
  return { t, asked };
}

/** The host elements a drawing renders, function components called as satori calls them. */
function hostElements(node: ReactNode, out: ReactElement<{ style?: Record<string, unknown>; children?: ReactNode }>[] = []) {
  if (Array.isArray(node)) node.forEach((n) => hostElements(n, out));
  else if (isValidElement<{ children?: ReactNode }>(node)) {
    if (typeof node.type === "function") hostElements((node.type as (p: unknown) => ReactNode)(node.props), out);
    else {
      out.push(node as ReactElement<{ style?: Record<string, unknown>; children?: ReactNode }>);
      hostElements(node.props.children, out);
    }
  }
  return out;
}

const childCount = (children: ReactNode) =>
  Array.isArray(children) ? children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false).length : children == null ? 0 : 1;

describe.each(DRAWING_NAMES)("the %s drawing", (name) => {
  const Picture = DRAWINGS[name];

  it.each(LANG_KEYS)("has all its words in %s, and is a few KB of HTML with nothing focusable", (lang) => {
    const { t, asked } = wordsOf(lang);
    const html = renderToStaticMarkup(<Picture t={t} />);
    expect(asked.length).toBeGreaterThan(10);
    expect(
      asked.filter((key) => t(key as DrawingKey) === ""),
      `${lang}: keys without words`,
    ).toEqual([]);
    // Repetitive inline styles: what the page pays is the compressed size (docs/decisions/0031).
    expect(gzipSync(html).byteLength).toBeLessThan(2_000);
    expect(html).not.toMatch(/<(a|button|input|select|textarea)\b|tabindex/);
  });

  it("is a picture in the page: hidden from screen readers and inert, so its small drawn words are not text to read, focus, find or check for contrast", () => {
    const messages = JSON.parse(fs.readFileSync(path.resolve("app/locales/en/drawings.json"), "utf8")) as Record<string, never>;
    const html = renderToStaticMarkup(
      <TranslationProvider translator={translatorFor("en", [{ drawings: messages }])}>
        <Drawing name={name} />
      </TranslationProvider>,
    );
    // Lighthouse's accessibility audit (axe) checks the contrast of every visible text that is not
    // inert, aria-hidden or not; the drawing's 11-12 px canvas words, shown at 40 % on a phone,
    // are a picture's incidental text (WCAG 1.4.3), which inert says (docs/decisions/0038).
    expect(html).toMatch(/<div aria-hidden="true" inert="" class="drawing">/);
  });

  it.each(["en", "zh", "th", "hi"] as const)(
    "is written on the server, once per language, exactly as React renders it in the page (%s), so the browser hydrates it",
    (lang) => {
      const messages = JSON.parse(fs.readFileSync(path.resolve(`app/locales/${lang}/drawings.json`), "utf8")) as Record<string, never>;
      const translator = translatorFor(lang, [{ drawings: messages }]);
      // renderToString, as the page's render: text separators and all, which hydration reads.
      const page = (fragments: typeof staticFragments | null) =>
        renderToString(
          <StaticFragmentsContext.Provider value={fragments}>
            <TranslationProvider translator={translator}>
              <div>
                before <Drawing name={name} /> after
              </div>
            </TranslationProvider>
          </StaticFragmentsContext.Provider>,
        );
      const rendered = page(null);
      expect(page(staticFragments)).toBe(rendered);
      // The second page takes the markup made for the first.
      expect(page(staticFragments)).toBe(rendered);
    },
  );

  it("is laid out in what satori draws: every element with more than one child a flex box, styles inline", () => {
    const elements = hostElements(<Picture t={wordsOf("en").t} />);
    expect(elements.length).toBeGreaterThan(30);
    for (const el of elements) {
      expect(el.type, "only divs").toBe("div");
      expect(
        Object.keys(el.props).filter((k) => k !== "style" && k !== "children"),
        "no classes",
      ).toEqual([]);
      if (childCount(el.props.children) > 1) expect(el.props.style?.display, JSON.stringify(el.props.style)).toBe("flex");
    }
  });
});
