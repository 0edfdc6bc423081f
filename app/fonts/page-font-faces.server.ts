import type { LangKey } from "~/i18n/languages";
import { slicedScriptSheet } from "./sliced-scripts";

/**
 * The Chinese and Japanese glyph slices a page's first paint needs, as a `<style>` of a few
 * hundred bytes written into its head (docs/decisions/0023). The full rules are 28–30 KB gzip, a
 * render-blocking stylesheet that delayed the first paint of those pages by about half a second on
 * a slow connection; the page's own text touches 15–35 of the hundred slices. Each rule written
 * here is the slice's own rule (same family, same file) with its `unicode-range` narrowed to the
 * code points the document holds, text and inline data alike, so the browser fetches the same
 * files it would have. The full stylesheet follows once the page has hydrated (stylesheets.tsx), for
 * text that arrives later: another page, a comment, a chat message.
 *
 * Vite rewrites the rules' font URLs to the hashed assets of the client build (`?inline`).
 */
const SHEETS = import.meta.glob<string>("./generated/*.css", { query: "?inline", import: "default", eager: true });

interface Slices {
  /** Each slice's rule without its unicode-range and closing brace: the range is written per page. */
  rules: string[];
  /** Code point to slice index. */
  sliceOf: Map<number, number>;
}

const parsed = new Map<LangKey, Slices>();

function slicesOf(lang: LangKey): Slices | null {
  const css = slicedScriptSheet(lang, SHEETS);
  if (!css) return null;
  let slices = parsed.get(lang);
  if (!slices) {
    slices = { rules: [], sliceOf: new Map() };
    for (const [rule] of css.matchAll(/@font-face\s*\{[^}]*\}/g)) {
      const range = /unicode-range:\s*([^;}]+)/.exec(rule);
      if (!range) continue;
      const index = slices.rules.length;
      const rest = (rule.slice(0, range.index) + rule.slice(range.index + range[0].length)).replace(/;?\s*\}$/, "");
      slices.rules.push(`${rest};`);
      for (const part of range[1]!.split(",")) {
        const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
        for (let cp = parseInt(from!, 16); cp <= parseInt(to!, 16); cp++) slices.sliceOf.set(cp, index);
      }
    }
    parsed.set(lang, slices);
  }
  return slices;
}

/** Sorted code points as a unicode-range: "U+4e00,U+4e0a-4e0b". */
function unicodeRange(codePoints: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < codePoints.length; i++) {
    const from = codePoints[i]!;
    while (i + 1 < codePoints.length && codePoints[i + 1] === codePoints[i]! + 1) i++;
    const to = codePoints[i]!;
    parts.push(from === to ? `U+${from.toString(16)}` : `U+${from.toString(16)}-${to.toString(16)}`);
  }
  return parts.join(",");
}

/** The `<style>` for a document in `lang`, or "" when the language has no sliced web font. */
export function pageFontFaces(lang: LangKey, document: Uint8Array): string {
  const slices = slicesOf(lang);
  if (!slices) return "";
  const perSlice = new Map<number, Set<number>>();
  // Every slice starts above U+02FF (scripts/web-fonts.ts leaves Latin to the system fonts).
  for (const char of Buffer.from(document.buffer, document.byteOffset, document.byteLength).toString("utf8")) {
    const cp = char.codePointAt(0)!;
    if (cp < 0x300) continue;
    const slice = slices.sliceOf.get(cp);
    if (slice === undefined) continue;
    let set = perSlice.get(slice);
    if (!set) perSlice.set(slice, (set = new Set()));
    set.add(cp);
  }
  if (perSlice.size === 0) return "";
  const rules = [...perSlice]
    .sort(([a], [b]) => a - b)
    .map(([slice, cps]) => `${slices.rules[slice]}unicode-range:${unicodeRange([...cps].sort((a, b) => a - b))}}`);
  return `<style data-page-fonts>${rules.join("")}</style>`;
}
