/**
 * The edge: requests no handler should ever see are answered here, before anything parses
 * them, so bad input gets a 4xx and never a 5xx. See docs/decisions/0012.
 * - a Host header that is not a host name or address with a valid port: 400;
 * - a request target that is not a path (absolute-form, `*` other than OPTIONS *): 400;
 * - a path or query with bad percent-encoding, or NUL / control characters once decoded: 400;
 * - methods the site does not serve (TRACE, PUT, DELETE, …): 405 with Allow;
 * - OPTIONS: 204 with Allow (no CORS: the API is same-origin).
 * API paths get the JSON envelope; pages a small HTML page.
 */
import type { Request, RequestHandler, Response } from "express";
import { resolveLang } from "~/i18n/languages";
import { ApiError, sendError } from "../api/envelope.server";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
const ALLOW = ALLOWED_METHODS.join(", ");

/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port 1–65535. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function isValidHostHeader(host: string | undefined): boolean {
  if (!host || host.length > 255) return false;
  const match = HOST.exec(host);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** Whether the raw request target decodes to text without control characters. */
export function isCleanTarget(target: string): boolean {
  if (!target.startsWith("/")) return false;
  let decoded: string;
  try {
    // The query may use + for spaces; the path may not matter here: only control bytes and bad escapes do.
    decoded = decodeURIComponent(target.replace(/\+/g, " "));
  } catch {
    return false; // %E0%A4%A, %zz
  }
  return !CONTROL.test(decoded);
}

function isApi(req: Request): boolean {
  return /^\/(api|sys)(\/|$|\?)/.test(req.url);
}

function refuse(req: Request, res: Response, status: 400 | 405, error: ApiError): void {
  res.setHeader("Cache-Control", "no-store");
  if (status === 405) res.setHeader("Allow", ALLOW);
  if (isApi(req)) return sendError(res, resolveLang(undefined), error);
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${status} ${
        status === 400 ? "Bad request" : "Method not allowed"
      }</title></head><body><h1>${status === 400 ? "Bad request" : "Method not allowed"}</h1><p><a href="/">Facet Browser</a></p></body></html>`,
    );
}

export function requestGuard(): RequestHandler {
  return (req, res, next) => {
    if (!isValidHostHeader(req.headers.host)) return refuse(req, res, 400, new ApiError("invalidValue"));
    if (req.method === "OPTIONS" && req.url === "*") {
      res.setHeader("Allow", ALLOW);
      return void res.status(204).end();
    }
    if (!isCleanTarget(req.url)) return refuse(req, res, 400, new ApiError("invalidValue"));
    // The API answers other methods itself, with each endpoint's own Allow; TRACE never reaches anything.
    const method = req.method;
    if (!(ALLOWED_METHODS as readonly string[]).includes(method) && (!isApi(req) || method === "TRACE" || method === "TRACK" || method === "CONNECT")) {
      return refuse(req, res, 405, new ApiError("methodNotAllowed"));
    }
    if (method === "OPTIONS") {
      res.setHeader("Allow", ALLOW);
      return void res.status(204).end();
    }
    next();
  };
}
