import { randomUUID } from "node:crypto";
import type { Request, RequestHandler } from "express";
import type { Logger } from "../logger.server";
import { unavailableReasonOfResponse } from "./unavailable.server";

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

declare module "express-serve-static-core" {
  interface Request {
    id: string;
    log: Logger;
  }
}

/** Gives each request an id (kept from upstream if well-formed) and a child logger; logs one line when it ends. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers["x-request-id"];
    req.id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.log = logger.child({ reqId: req.id });
    res.setHeader("X-Request-Id", req.id);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { method: req.method, path: pathOnly(req), status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      // Every 503 says why: shed, timeout, pool exhausted or database unavailable. One with a known
      // reason is the site degrading as designed (warn: alert on its rate); one without is our fault.
      if (res.statusCode === 503) {
        const reason = unavailableReasonOfResponse(res);
        req.log[reason ? "warn" : "error"]({ ...line, reason: reason ?? "unknown" }, "request failed");
      } else if (res.statusCode >= 500) req.log.error(line, "request failed");
      else req.log.info(line, "request");
    });
    next();
  };
}

/** Query strings can carry search terms and tokens: only the path is logged. */
function pathOnly(req: Request): string {
  const url = req.originalUrl;
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}
