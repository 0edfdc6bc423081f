import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import { createApiRouter } from "./api/router.server";
import type { DatabaseHandle } from "./db/client.server";
import { isDatabaseReachable } from "./db/client.server";
import { requestContext } from "./http/request-context.server";
import { urlRedirects } from "./http/url-redirects.server";
import type { HostPlan } from "~/lib/hosts";
import type { Logger } from "./logger.server";
import { imageRouter } from "./http/images.server";
import { CLIENT_BUILD_DIR, CONTENT_DIR, PUBLIC_DIR } from "./paths.server";

export interface AppOptions {
  database: DatabaseHandle;
  logger: Logger;
  trustProxy?: boolean;
  /** The React Router request handler; absent in API-only tests. */
  ssr?: RequestHandler;
  /** Serve the production client build from build/client. */
  serveClientBuild?: boolean;
  /** Extra middleware before the SSR handler (the Vite dev server in development). */
  devMiddleware?: RequestHandler;
  /** The hosts of this mode, for the URL rules. */
  hostPlan?: HostPlan;
  /** Where resized image variants are kept. */
  imageCacheDir?: string;
}

export function createApp(options: AppOptions): Express {
  const { database, logger } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);

  app.use(requestContext(logger));
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    next();
  });
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const ready = await isDatabaseReachable(database);
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "database unreachable" });
  });

  if (options.serveClientBuild && fs.existsSync(CLIENT_BUILD_DIR)) {
    // Vite names these files by content hash, so they can be cached forever.
    app.use(
      "/assets",
      express.static(path.join(CLIENT_BUILD_DIR, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
    );
    app.use(express.static(CLIENT_BUILD_DIR, { maxAge: "1h", index: false }));
  }

  app.use("/api", createApiRouter({ db: database.db, logger }));
  if (options.imageCacheDir) {
    app.use("/images", imageRouter({ sourceDirs: [path.join(PUBLIC_DIR, "images"), path.join(CONTENT_DIR, "images")], cacheDir: options.imageCacheDir, logger }));
  }

  if (options.hostPlan) app.use(urlRedirects(options.hostPlan));
  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.ssr) app.use(options.ssr);

  // Last resort for non-API failures (a bad static path, a crashed handler): no stack traces out.
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status >= 500) req.log.error({ err }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(status).type("text/plain").send(status === 404 ? "Not found" : status >= 500 ? "Internal server error" : "Bad request");
  };
  app.use(onError);
  return app;
}
