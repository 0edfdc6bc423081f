import type { LangKey } from "~/i18n/languages";
import type { MessageTree } from "~/i18n/namespaces";
import { getNamespace } from "../../server/i18n/messages.server";
import { isSubsetLang, SUBSET_FONTS, SUBSET_WEIGHT, subsetSigningReady, subsetUrl, type SubsetLang } from "./font-subsets.server";
import { slicedScriptSheet } from "./sliced-scripts";
import { unicodeRangeParts } from "./unicode-range";

/**
 * The @font-face rules a Chinese or Japanese page's first paint needs, written into its head.
 * Since 0036: two subsets cut by the server from the characters the page draws (one shared by
 * every page of the language: its header, footer and chrome; one for the rest), a few tens of KB
 * where the slices were 0.6-0.9 MB. Before the server can sign subset URLs, and as the reference,
 * the slices' own rules narrowed to the document's characters (0023). The full slice stylesheet
 * is applied when text that arrives later may need it (stylesheets.tsx, 0048), as another family
 * after the page's: another page, a comment, a chat message, a field's typed text.
 *
 * Vite rewrites the slice rules' font URLs to the hashed assets of the client build (`?inline`).
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
      for (const [first, last] of unicodeRangeParts(range[1]!).filter((part) => part !== null)) {
        for (let cp = first; cp <= last; cp++) slices.sliceOf.set(cp, index);
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

/** The text a document draws: outside scripts, styles and tags, plus the placeholders of its fields. */
export function drawnText(html: string): string {
  const placeholders = [...html.matchAll(/\splaceholder="([^"]*)"/g)].map(([, text]) => text).join(" ");
  return html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]*>/g, " ") + " " + placeholders;
}

/** The site's header and footer, the same on every page of a language (the first header, the last footer). */
export function shellHtml(html: string): string {
  const header = /<header\b[\s\S]*?<\/header>/i.exec(html)?.[0] ?? "";
  const footerStart = html.lastIndexOf("<footer");
  const footerEnd = html.indexOf("</footer>", footerStart);
  return header + (footerStart >= 0 && footerEnd > footerStart ? html.slice(footerStart, footerEnd) : "");
}

/**
 * The site's chrome that scripts draw after the first paint on any page (the language prompt, the
 * cookie and phishing notices, toasts): their words join the header's and footer's in the shared
 * subset, so showing them fetches nothing more.
 */
const SCRIPT_DRAWN_CHROME = ["langPrompt", "consent", "phishing", "toast", "loading", "backToTop"];

const chromeWords = new Map<LangKey, string>();
function scriptDrawnChrome(lang: LangKey): string {
  let words = chromeWords.get(lang);
  if (words === undefined) {
    const common = getNamespace(lang, "common");
    const strings = (node: MessageTree | string | undefined): string =>
      typeof node === "string"
        ? node
        : node
          ? Object.values(node)
              .map((child) => strings(child as MessageTree | string))
              .join(" ")
          : "";
    words = SCRIPT_DRAWN_CHROME.map((key) => strings(common[key] as MessageTree | string | undefined)).join(" ");
    chromeWords.set(lang, words);
  }
  return words;
}

/** The code points of `text` that the language's web font draws (Latin is the system fonts'), sorted. */
function fontCodePoints(slices: Slices, text: string): number[] {
  const set = new Set<number>();
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp >= 0x300 && slices.sliceOf.has(cp)) set.add(cp);
  }
  return [...set].sort((a, b) => a - b);
}

function subsetRule(lang: SubsetLang, codePoints: number[]): string | null {
  const url = subsetUrl(lang, codePoints);
  return (
    url &&
    `@font-face{font-family:"${SUBSET_FONTS[lang].family}";font-style:normal;font-weight:${SUBSET_WEIGHT};font-display:swap;` +
      `src:url("${url}") format("woff2");unicode-range:${unicodeRange(codePoints)}}`
  );
}

/**
 * The `<style>` for a document in `lang`, or "" when the language has no sliced web font.
 *
 * With subsets (docs/decisions/0036): two rules of the page family, one for the characters of the
 * header and footer (one URL for every page of the language, fetched once) and one for the rest of
 * the text the page draws. Characters in its inline data only (not drawn) are left out; should a
 * script draw one later, the slices family after it in the stack draws it (stylesheets.tsx).
 * Until the server can sign subset URLs (no key yet), the slices' own rules, as before.
 */
export function pageFontFaces(lang: LangKey, document: Uint8Array): string {
  const slices = slicesOf(lang);
  if (!slices) return "";
  const html = Buffer.from(document.buffer, document.byteOffset, document.byteLength).toString("utf8");
  if (isSubsetLang(lang) && subsetSigningReady()) {
    const shell = fontCodePoints(slices, drawnText(shellHtml(html)) + scriptDrawnChrome(lang));
    const inShell = new Set(shell);
    const page = fontCodePoints(slices, drawnText(html)).filter((cp) => !inShell.has(cp));
    const rules = [shell, page].filter((set) => set.length > 0).map((set) => subsetRule(lang, set));
    if (rules.every((rule) => rule !== null)) return rules.length ? `<style data-page-fonts>${rules.join("")}</style>` : "";
  }
  return sliceFontFaces(slices, html);
}

/** The slices' own rules, each narrowed to the document's characters (docs/decisions/0023). */
function sliceFontFaces(slices: Slices, html: string): string {
  const perSlice = new Map<number, Set<number>>();
  // Every slice starts above U+02FF (scripts/web-fonts.ts leaves Latin to the system fonts).
  for (const char of html) {
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
