/**
 * Who answers, and "try again shortly" (docs/decisions/0012, "Bounded waits"). Several parties may
 * want to answer one request: its handler, the request timeout, the load shedder, an error handler.
 * The first to start the response wins; every other one asks `isAnswered` first and stays silent,
 * so a request is never answered twice. Every 503 is written here with its reason, which the
 * request's own log line carries (server/http/request-context.server.ts).
 */
import type { Request, Response } from "express";
import { requestLang } from "../api/endpoint.server";
import { ApiError, sendError } from "../api/envelope.server";
import { isDatabaseUnavailable } from "../db/client.server";

export const RETRY_AFTER_SECONDS = 5;

/**
 * Why a request was answered 503: it was refused at the door because too much was in progress
 * (shed), it ran out of time (timeout), no pool connection was free in time (pool exhausted), or
 * the database did not answer (database unavailable).
 */
export type UnavailableReason = "shed" | "timeout" | "pool exhausted" | "database unavailable";

/** The response has been started (or the client is gone): nobody else may answer it. */
export function isAnswered(res: Response): boolean {
  return res.headersSent || res.writableEnded || res.destroyed;
}

/**
 * Why a failure means "try again shortly" rather than a fault of the request or the code, or
 * undefined when it does not (the shared mapping: pages, feeds, machine readers and the API).
 */
export function unavailableReasonOf(err: unknown): "pool exhausted" | "database unavailable" | undefined {
  if (!isDatabaseUnavailable(err)) return undefined;
  // pg-pool's words when a query waited connectionTimeoutMillis for one of the pool's clients.
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (/timeout exceeded when trying to connect/i.test(String((e as { message?: unknown }).message))) return "pool exhausted";
  }
  return "database unavailable";
}

/** Records why this response is a 503, for the request's log line. */
export function noteUnavailable(res: Response, reason: UnavailableReason): void {
  res.locals.unavailableReason ??= reason;
}

export function unavailableReasonOfResponse(res: Response): UnavailableReason | undefined {
  return res.locals.unavailableReason as UnavailableReason | undefined;
}

const BUSY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="5">' +
  "<title>503 Service unavailable</title></head><body><h1>Service unavailable</h1><p>The server is busy. This page reloads in a few seconds.</p></body></html>";

function isApiPath(req: Request): boolean {
  return /^\/(api|sys)(\/|$)/.test(req.originalUrl);
}

/** Answers 503 with Retry-After (the API's envelope under /api, a small page elsewhere), unless already answered. */
export function sendUnavailable(req: Request, res: Response, reason: UnavailableReason): void {
  if (isAnswered(res)) return;
  noteUnavailable(res, reason);
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  if (isApiPath(req)) sendError(res, requestLang(req), new ApiError("serviceUnavailable"));
  else res.status(503).type("html").send(BUSY_PAGE);
}

/**
 * A request whose body did not arrive in time: the client's fault (408), not an outage. The rest
 * of the body is not read, so the connection cannot carry another request: it is closed.
 */
export function sendRequestTimeout(req: Request, res: Response): void {
  if (isAnswered(res)) return;
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  if (isApiPath(req)) sendError(res, requestLang(req), new ApiError("requestTimeout"));
  else res.status(408).type("text/plain").send("Request timeout");
}
