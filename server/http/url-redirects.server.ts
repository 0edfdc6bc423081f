import type { RequestHandler } from "express";
import type { HostPlan } from "~/lib/urls/hosts";
import { redirectFor } from "~/lib/urls/url-rules";

/** Pages only: the API, assets and health checks are not subject to the site's URL rules. */
const EXEMPT = /^\/(api|assets|healthz|readyz)(\/|$)/;

/**
 * Applies the site's URL rules (app/lib/urls/url-rules.ts) before rendering, so crawlers and first
 * loads get one permanent redirect. Never redirects by Accept-Language, cookie or IP.
 */
export function urlRedirects(plan: HostPlan): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const raw = req.originalUrl;
    const q = raw.indexOf("?");
    const path = q === -1 ? raw : raw.slice(0, q);
    if (EXEMPT.test(path) || path.endsWith(".data")) return next();
    const target = redirectFor(path, { plan, host: req.headers.host });
    if (!target) return next();
    res.redirect(301, target + (q === -1 ? "" : raw.slice(q)));
  };
}
