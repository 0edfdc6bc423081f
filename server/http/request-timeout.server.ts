/**
 * The last bound on a wait: a request that has not started its answer after REQUEST_TIMEOUT_MS
 * is answered 503 with Retry-After, so nothing hangs for as long as a stalled dependency does.
 * Database statements have shorter limits of their own (DATABASE_STATEMENT_TIMEOUT_MS), so a
 * page normally fails first through its error boundary, in its language; this catches the rest.
 *
 * A request whose body has not all arrived by then is the client's doing, not an outage: it is
 * answered 408 and its connection closed (server/http/unavailable.server.ts).
 */
import type { RequestHandler } from "express";
import { isAnswered, sendRequestTimeout, sendUnavailable } from "./unavailable.server";

export { RETRY_AFTER_SECONDS } from "./unavailable.server";

export function requestTimeout(timeoutMs: number): RequestHandler {
  return (req, res, next) => {
    const timer = setTimeout(() => {
      if (isAnswered(res)) return;
      if (!req.complete) {
        req.log.info({ path: req.path, timeoutMs }, "request body not received in time");
        sendRequestTimeout(req, res);
        return;
      }
      req.log.warn({ path: req.path, timeoutMs }, "request timed out");
      sendUnavailable(req, res, "timeout");
    }, timeoutMs);
    const clear = () => clearTimeout(timer);
    res.once("finish", clear);
    res.once("close", clear);
    next();
  };
}
