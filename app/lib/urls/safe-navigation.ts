/**
 * Spec section 5: navigating to an external URL without the explicit external flag is refused,
 * and script URLs (javascript:, script:, and their look-alikes such as vbscript: or data:) always are.
 */
export type NavigationVerdict = { ok: true; href: string; external: boolean } | { ok: false; reason: "script" | "external" | "invalid" };

const SCRIPT_SCHEMES = /^(?:java|vb)?script:|^data:|^script:/i;

export function checkNavigation(target: string, currentOrigin: string, options: { external?: boolean } = {}): NavigationVerdict {
  // Browsers ignore ASCII whitespace and control characters inside the scheme: strip them before judging.
  // eslint-disable-next-line no-control-regex -- the control characters are what is stripped
  const squashed = target.replace(/[\u0000-\u0020\u007f]+/g, "");
  if (SCRIPT_SCHEMES.test(squashed)) return { ok: false, reason: "script" };
  let url: URL;
  try {
    url = new URL(target.trim(), currentOrigin);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:" && url.protocol !== "mailto:" && url.protocol !== "tel:") {
    return { ok: false, reason: "script" };
  }
  const external = url.origin !== currentOrigin;
  if (external && !options.external) return { ok: false, reason: "external" };
  return { ok: true, href: external ? url.href : url.pathname + url.search + url.hash, external };
}
