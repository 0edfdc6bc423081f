/**
 * Refuses state-changing requests that a browser sends on behalf of another site (CSRF), from
 * the headers browsers set and pages cannot forge: `Sec-Fetch-Site` and `Origin`. The site's own
 * pages, with or without JavaScript, send same-origin values and pass; clients that are not
 * browsers send neither and pass (they act for themselves, not for a visitor's cookies).
 * See docs/decisions/0012.
 */
import type { Request, RequestHandler } from "express";
import { requestLang } from "../api/endpoint.server";
import { ApiError, sendError } from "../api/envelope.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteWrite(req: Pick<Request, "method" | "headers" | "protocol">, trustedOrigins: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const fetchSite = req.headers["sec-fetch-site"];
  if (fetchSite === "cross-site") return true;
  if (fetchSite === "same-origin" || fetchSite === "none") return false;
  const origin = req.headers.origin;
  if (origin === undefined) return fetchSite !== undefined; // "same-site" without an Origin to check
  const own = `${req.protocol}://${req.headers.host}`;
  return origin !== own && !trustedOrigins.has(origin);
}

/**
 * `trustedOrigins`: the site's other hosts (language hosts of this mode), which may post here.
 * In the API router it runs after the body is read, so the refusal is in the request's `lang`.
 */
export function crossSiteGuard(trustedOrigins: readonly string[], options: { skipApi?: boolean } = {}): RequestHandler {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  return (req, res, next) => {
    if (options.skipApi && /^\/api(\/|$)/.test(req.path)) return next();
    if (!isCrossSiteWrite(req, trusted)) return next();
    req.log.warn({ origin: req.headers.origin, fetchSite: req.headers["sec-fetch-site"], path: req.originalUrl.split("?")[0] }, "cross-site write refused");
    res.setHeader("Cache-Control", "no-store");
    if (/^\/(api|sys)(\/|$)/.test(req.originalUrl)) return sendError(res, requestLang(req), new ApiError("crossSiteRequest"));
    res.status(403).type("text/plain").send("Cross-site requests are not accepted.");
  };
}
