/**
 * When a Chinese or Japanese page needs its language's full slice rules (docs/decisions/0048).
 * The server writes rules for every character the page draws (page-font-faces.server.ts); the full
 * rules (about a hundred @font-face, 30 KB gzip) only matter for characters that arrive later. Adding
 * them makes the browser lay out all the page's text again (100-150 ms of a phone's main thread,
 * measured at 4x CPU on /zh/pre-sales), so they are added when such a character may come: a client
 * navigation, a text field taking focus, or the page drawing a CJK character the head's rules do not
 * cover.
 */

import { unicodeRangeParts } from "./unicode-range";

/** The blocks the slices exist for: CJK radicals to unified ideographs (kana, CJK punctuation), compatibility ideographs, full-width forms, the supplementary planes. */
function isCjk(codePoint: number): boolean {
  return (codePoint >= 0x2e80 && codePoint <= 0x9fff) || (codePoint >= 0xf900 && codePoint <= 0xffef) || codePoint >= 0x20000;
}

/** The code points of the unicode-ranges in `css` ("U+4e00,U+4e0a-4e0b"). */
export function codePointsOfRules(css: string): Set<number> {
  const covered = new Set<number>();
  for (const [, ranges] of css.matchAll(/unicode-range:\s*([^;}]+)/g)) {
    for (const part of unicodeRangeParts(ranges!)) {
      // A part it cannot read, or wider than a plane (not one the server writes), is skipped.
      if (!part || part[1] - part[0] > 0x10000) continue;
      for (let cp = part[0]; cp <= part[1]; cp++) covered.add(cp);
    }
  }
  return covered;
}

/** Whether `text` has a CJK character that none of the `covered` code points is. */
export function hasUncoveredCjk(text: string, covered: ReadonlySet<number>): boolean {
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (isCjk(cp) && !covered.has(cp)) return true;
  }
  return false;
}

const TYPED_INPUTS = new Set(["text", "search", "email", "tel", "url"]);

/** A field a visitor types text into (where an input method may write any character). */
function isTextField(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return TYPED_INPUTS.has(target.type);
  return target instanceof HTMLElement && target.isContentEditable;
}

/** The text a mutation added or changed. */
function addedText(record: MutationRecord): string {
  if (record.type === "characterData") return record.target.textContent ?? "";
  let text = "";
  for (const node of record.addedNodes) text += node.textContent ?? "";
  return text;
}

/**
 * Calls `need` once a character the page's rules do not cover may be drawn: a text field takes
 * focus, or the page adds text with such a character. Returns the function that stops watching.
 */
export function watchForLaterText(need: () => void): () => void {
  const covered = codePointsOfRules([...document.querySelectorAll("style[data-page-fonts]")].map((style) => style.textContent ?? "").join(""));
  const stop = () => {
    observer.disconnect();
    document.removeEventListener("focusin", onFocus);
  };
  const trigger = () => {
    stop();
    need();
  };
  const onFocus = (event: FocusEvent) => {
    if (isTextField(event.target)) trigger();
  };
  const observer = new MutationObserver((records) => {
    if (records.some((record) => hasUncoveredCjk(addedText(record), covered))) trigger();
  });
  observer.observe(document.body, { childList: true, characterData: true, subtree: true });
  document.addEventListener("focusin", onFocus);
  // A field focused before hydration (autofocus, or a visitor quicker than the scripts).
  if (isTextField(document.activeElement)) trigger();
  return stop;
}
