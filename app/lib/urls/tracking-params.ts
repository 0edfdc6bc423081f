/**
 * Parameters that ad networks, search engines and newsletters add to a link to say where a click
 * came from. No page reads them, so a page is the same with or without them: the rendered-page
 * cache keys pages without them (one stored copy answers every ad click, docs/decisions/0021),
 * and links that carry a page's query on (language switcher, pagination) leave them out, so the
 * HTML does not depend on them either.
 */
const TRACKING_NAMES = new Set([
  "gclid", // Google Ads
  "gbraid",
  "wbraid",
  "dclid", // Google Display & Video
  "srsltid", // Google Search, on results it links to shops and merchant pages
  "_gl", // Google Analytics cross-domain linker
  "fbclid", // Facebook, Instagram
  "igshid",
  "msclkid", // Microsoft Advertising (Bing)
  "yclid", // Yandex Direct
  "ysclid", // Yandex Search
  "ttclid", // TikTok
  "twclid", // X (Twitter)
  "li_fat_id", // LinkedIn
  "mc_cid", // Mailchimp
  "mc_eid",
  "_hsenc", // HubSpot
  "_hsmi",
]);

export function isTrackingParam(name: string): boolean {
  return TRACKING_NAMES.has(name) || name.startsWith("utm_");
}

/**
 * `search` (with or without its "?") without tracking parameters, the rest in their order.
 * Returns "" or a string starting with "?"; empty pairs ("a=1&&b=2") are dropped too.
 */
export function withoutTrackingParams(search: string): string {
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (query === "") return "";
  const kept = query.split("&").filter((pair) => {
    if (pair === "") return false;
    const equals = pair.indexOf("=");
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    return !isTrackingParam(decodedName(rawName));
  });
  return kept.length ? `?${kept.join("&")}` : "";
}

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}
