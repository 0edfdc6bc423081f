/**
 * The last bound on a wait: a request that has not started its answer after REQUEST_TIMEOUT_MS
 * is answered 503 with Retry-After, so nothing hangs for as long as a stalled dependency does.
 * Database statements have shorter limits of their own (DATABASE_STATEMENT_TIMEOUT_MS), so a
 * page normally fails first through its error boundary, in its language; this catches the rest.
 */
import type { RequestHandler } from "express";
import { resolveLang } from "~/i18n/languages";
import { ApiError, sendError } from "../api/envelope.server";

export const RETRY_AFTER_SECONDS = 5;

export function requestTimeout(timeoutMs: number): RequestHandler {
  return (req, res, next) => {
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      req.log.warn({ path: req.path, timeoutMs }, "request timed out");
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      res.setHeader("Cache-Control", "no-store");
      if (/^\/(api|sys)(\/|$)/.test(req.path)) {
        sendError(res, resolveLang(req.query.lang), new ApiError("serviceUnavailable"));
      } else {
        res
          .status(503)
          .type("html")
          .send(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="5">' +
              "<title>503 Service unavailable</title></head><body><h1>Service unavailable</h1><p>The server is busy. This page reloads in a few seconds.</p></body></html>",
          );
      }
    }, timeoutMs);
    const clear = () => clearTimeout(timer);
    res.once("finish", clear);
    res.once("close", clear);
    next();
  };
}
