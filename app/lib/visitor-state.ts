import { PREFERENCE_COOKIES } from "./preferences";

/**
 * What differs per visitor is decided in the browser, not in the HTML, so every visitor gets the
 * same cached page (docs/decisions/0021). This script runs in <head>, before the body is painted:
 * it marks <html> with the banners the visitor has already answered, and app.css hides those
 * banners from the first paint (no flash, no shift); the banner components then drop them.
 */
export const VISITOR_STATE_ATTRIBUTES = {
  consent: "data-consent-answered",
  phishing: "data-phishing-seen",
} as const;

const marks: Array<[cookie: string, attribute: string]> = [
  [PREFERENCE_COOKIES.consent, VISITOR_STATE_ATTRIBUTES.consent],
  [PREFERENCE_COOKIES.phishing, VISITOR_STATE_ATTRIBUTES.phishing],
];

/** The script's source: small, fixed, and allowed by the response's nonce. */
export const VISITOR_STATE_SCRIPT = `(function(c,h){${marks
  .map(([cookie, attribute]) => `if(/(?:^|;\\s*)${cookie}=/.test(c))h.setAttribute("${attribute}","")`)
  .join(";")}})(document.cookie,document.documentElement)`;

export function visitorStateScriptTag(nonce: string | undefined): string {
  return `<script${nonce ? ` nonce="${nonce}"` : ""}>${VISITOR_STATE_SCRIPT}</script>`;
}
