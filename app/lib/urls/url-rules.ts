import { isLangKey } from "~/i18n/languages";
import { defaultLangForHost, hostOf, originForLang, type HostPlan } from "./hosts";
import { localizePath } from "./paths";

/** Old category paths (spec section 2), in the first segment or the second after a language prefix. */
export const LEGACY_CATEGORIES: Readonly<Record<string, string>> = {
  "latest-news": "news-product-updates",
  "about-smm": "blog-account-management",
  "browser-fingerprint": "blog-browser-fingerprints",
  "browser-automation": "blog-guides",
  "use-cases": "blog-use-cases",
};

/** Rewrites a legacy category segment; null when the path has none. */
export function legacyCategoryPath(path: string): string | null {
  const segments = path.split("/");
  const index = isLangKey(segments[1]) ? 2 : 1;
  const target = segments[index] !== undefined ? LEGACY_CATEGORIES[segments[index]!] : undefined;
  if (!target) return null;
  segments[index] = target;
  return segments.join("/");
}

/** Strips a trailing .html (and index.html); null when there is none. */
export function htmlStrippedPath(path: string): string | null {
  if (!/\.html$/i.test(path)) return null;
  const stripped = path.replace(/\/index\.html$/i, "").replace(/\.html$/i, "");
  return stripped === "" ? "/" : stripped;
}

/** A path that cannot leave the site: one leading slash, no backslashes. */
export function sameOriginPath(path: string): string {
  const cleaned = `/${path.replace(/\\/g, "/").replace(/^\/+/, "")}`;
  return cleaned.replace(/\/{2,}/g, "/");
}

export interface UrlContext {
  plan: HostPlan;
  host: string | undefined;
}

/**
 * The one-hop redirect for a request path (raw, without the query), or null to serve it.
 * All rules are applied together so a visitor never follows a chain:
 * a lone backslash becomes /, repeated slashes collapse, .html is stripped, legacy categories
 * are renamed, a prefix equal to the host's default language is dropped, and a language that
 * lives on another host (mode hosts) goes there.
 */
export function redirectFor(rawPath: string, ctx: UrlContext): string | null {
  // Browsers read a backslash as a slash, so "/\\evil.com" would be "//evil.com", another site:
  // backslashes are slashes here too (a lone one is the root), and runs of slashes collapse, so
  // every target is a same-origin path and no backslash is ever echoed into a Location.
  let path = rawPath.replace(/\\/g, "/").replace(/\/{2,}/g, "/");
  path = htmlStrippedPath(path) ?? path;
  path = legacyCategoryPath(path) ?? path;

  let origin = "";
  const match = /^\/([^/]+)(\/.*)?$/.exec(path);
  if (match && isLangKey(match[1])) {
    const lang = match[1];
    const rest = match[2] || "/";
    const targetOrigin = originForLang(ctx.plan, lang);
    const targetHost = hostOf(targetOrigin);
    const multiHost = Boolean(ctx.plan.zh);
    if (multiHost && targetHost !== ctx.host) {
      origin = targetOrigin;
      path = localizePath(rest, lang, defaultLangForHost(ctx.plan, targetHost));
    } else if (lang === defaultLangForHost(ctx.plan, ctx.host)) {
      path = rest;
    }
  }

  if (!origin && path === rawPath) return null;
  return origin + sameOriginPath(path);
}
