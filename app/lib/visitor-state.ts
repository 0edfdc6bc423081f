import { detectSystem, markDetectedSystem } from "./detect-system";
import { PREFERENCE_COOKIES } from "./preferences";
import { LANGUAGE_TABLE, pickSiteLanguage, suggestedLanguage } from "./browser-language";

/**
 * What differs per visitor is decided in the browser, not in the HTML, so every visitor gets the
 * same cached page (docs/decisions/0021). This script runs in <head>, before the body is painted,
 * and marks <html>; app.css does the rest from the first paint (no flash, no shift):
 * - the banners the visitor has already answered are hidden (the banner components then drop them);
 * - `data-lang-prompt` when the language prompt will be shown: the consent banner waits behind it,
 *   so a phone shows one of them at a time (docs/decisions/0032);
 * - the visitor's system (`data-os`), which the download page puts first;
 * - `data-fonts-wait` on a Chinese, Japanese, Thai or Hindi page when the machine has none of the
 *   script's fonts the page names (docs/decisions/0023): the page stays hidden until the web font's
 *   slices for its text have arrived (at most 3 s), so it is painted once, with real glyphs, instead
 *   of in empty boxes that reflow when the font comes. Laying the hidden page out is what requests
 *   the slices its text needs, as for any page.
 */
export const VISITOR_STATE_ATTRIBUTES = {
  consent: "data-consent-answered",
  phishing: "data-phishing-seen",
  langPrompt: "data-lang-prompt",
} as const;

const marks: Array<[cookie: string, attribute: string]> = [
  [PREFERENCE_COOKIES.consent, VISITOR_STATE_ATTRIBUTES.consent],
  [PREFERENCE_COOKIES.phishing, VISITOR_STATE_ATTRIBUTES.phishing],
];

/** Per page language: the fonts.css variable with its stack, and a few letters of the script. */
const SCRIPT_SAMPLES: Record<string, [variable: string, sample: string]> = {
  "zh-Hans": ["--font-zh-hans", "中文字体"],
  "zh-Hant": ["--font-zh-hant", "中文字體"],
  ja: ["--font-ja", "日本語"],
  th: ["--font-th", "ภาษาไทย"],
  hi: ["--font-hi", "हिन्दी"],
};

/**
 * Whether any named font of the stack is installed: text in "<stack>, <generic>" measures as the
 * generic alone when none is (tried against two generics, so a named font that happens to match
 * one is still seen; the second only when the first saw none, since each measure asks the system
 * for a fallback font: tens of milliseconds before the first paint on a machine with many fonts).
 * The last fonts of the stack are our web fonts (the page's subset, then the slices: 0036): what the page waits for.
 */
const FONTS_WAIT = `var F=${JSON.stringify(SCRIPT_SAMPLES)}[h.lang];if(F&&document.fonts){var S=getComputedStyle(h).getPropertyValue(F[0]).split(","),W=S.pop();if(/ Page/.test(S[S.length-1]))S.pop();var X=document.createElement("canvas").getContext("2d"),O=!X;for(var i=0,g;X&&!O&&(g=["monospace","serif"][i]);i++){X.font="40px "+g;var b=X.measureText(F[1]).width;X.font="40px "+S.join(",")+","+g;O=X.measureText(F[1]).width!==b}if(!O&&W){h.setAttribute("data-fonts-wait","");var D=function(){h.removeAttribute("data-fonts-wait")};setTimeout(D,3000);var L=function(){if(document.readyState!=="loading"){document.removeEventListener("readystatechange",L);void document.body.offsetWidth;document.fonts.ready.then(D,D)}};document.addEventListener("readystatechange",L);L()}}`;

/** A function's compiled source on one line (none of these has a newline inside a string or regex). */
const compact = (fn: (...args: never[]) => unknown) => fn.toString().replace(/\n\s*/g, " ");

/** The script's source: small, fixed, and allowed by the response's nonce. */
export const VISITOR_STATE_SCRIPT = `(function(c,h){${marks
  .map(([cookie, attribute]) => `if(/(?:^|;\\s*)${cookie}=/.test(c))h.setAttribute("${attribute}","")`)
  .join(
    ";",
  )};try{if(!/(?:^|;\\s*)${PREFERENCE_COOKIES.langPrompt}=/.test(c)&&(${compact(suggestedLanguage)})(${JSON.stringify(LANGUAGE_TABLE)},navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language],h.lang,${compact(pickSiteLanguage)}))h.setAttribute("${VISITOR_STATE_ATTRIBUTES.langPrompt}","")}catch(e){};try{(${compact(markDetectedSystem)})(h,(${compact(detectSystem)})(navigator.userAgent,navigator.platform))}catch(e){}try{${FONTS_WAIT}}catch(e){}})(document.cookie,document.documentElement)`;

export function visitorStateScriptTag(nonce: string | undefined): string {
  return `<script${nonce ? ` nonce="${nonce}"` : ""}>${VISITOR_STATE_SCRIPT}</script>`;
}
