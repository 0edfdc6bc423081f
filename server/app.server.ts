import type { ReleaseSigningKey } from "@contracts/release-checksums";
import type { ApiSettings } from "./api/endpoint.server";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import { createApiRouter } from "./api/router.server";
import type { DatabaseHandle } from "./db/client.server";
import { isDatabaseReachable } from "./db/client.server";
import { admission, type AdmissionGate } from "./http/admission.server";
import { machineReaders } from "./http/machine-readers.server";
import { releaseChecksumFiles } from "./http/release-checksum-files.server";
import { crossSiteGuard } from "./http/cross-site.server";
import { requestGuard } from "./http/request-guard.server";
import { requestTimeout } from "./http/request-timeout.server";
import { isAnswered, noteUnavailable, RETRY_AFTER_SECONDS, sendUnavailable, unavailableReasonOf } from "./http/unavailable.server";
import { securityHeaders } from "./http/security-headers.server";
import { chooseEncoding } from "./http/whole-body-compression.server";
import { staffPages } from "./http/staff-session.server";
import { contentPreview } from "./http/content-preview.server";
import { requestContext } from "./http/request-context.server";
import { urlRedirects } from "./http/url-redirects.server";
import type { HostPlan } from "~/lib/urls/hosts";
import type { Logger } from "./logger.server";
import { imageRouter } from "./http/images.server";
import { shareImageRouter } from "./http/share-images.server";
import { fontSubsetRouter } from "./http/font-subsets.server";
import type { SubsetMaker } from "~/fonts/font-subsets.server";
import { CLIENT_BUILD_DIR, CONTENT_DIR, PUBLIC_DIR } from "./paths.server";
import { DEFAULT_BUSINESS_TIME_ZONE } from "./services/bookings.server";
import { DEFAULT_CHAT_SETTINGS, type ChatSettings } from "./services/chat.server";
import type { PassportSettings } from "./services/passport.server";
import type { OfficialChannelSettings } from "./services/official-channels.server";

export interface AppOptions {
  database: DatabaseHandle;
  logger: Logger;
  /** Express "trust proxy": the proxies whose X-Forwarded-* headers are believed (TRUSTED_PROXIES). */
  trustedProxies?: readonly string[];
  /** Content-Security-Policy additions (CSP_SCRIPT_SOURCES, CSP_CONNECT_SOURCES) and development's report-only mode. */
  csp?: { scriptSources?: readonly string[]; connectSources?: readonly string[]; reportOnly?: boolean };
  /** REQUEST_TIMEOUT_MS: the longest a request waits for its answer to start. */
  requestTimeoutMs?: number;
  /**
   * Tests: every successful API answer is checked against its endpoint's output schema, and a
   * mismatch is reported (console.error fails the test that caused it). Off in production: the
   * schemas document the answers; the handlers' types already hold them to it.
   */
  verifyApiOutputs?: boolean;
  /**
   * Load shedding (REQUEST_CONCURRENCY, REQUEST_QUEUE): the API and the machine readers wait here
   * for a place; give the same gate to the SSR handler. Absent: nothing is refused.
   */
  admission?: AdmissionGate;
  /** BUSINESS_TIME_ZONE: the zone pre-sales slots are defined and shown in. */
  businessTimeZone?: string;
  /** DOWNLOAD_BASE_URL: where installers are downloaded from. */
  downloadBaseUrl?: string;
  /** CHAT_EXCLUDED_IP, CHAT_EASEMOB_COUNTRIES, CHAT_HUANXIN_SCRIPT. */
  chat?: ChatSettings;
  /** GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL, APP_LOGIN_URL. */
  passport?: PassportSettings;
  /** The release-signing key the site publishes (docs/decisions/0041); absent: releases are not signed. */
  releaseSigningKey?: ReleaseSigningKey | null;
  /** Where this server keeps installers it serves itself under /downloads (the demo's stand-ins, self-hosted builds). */
  downloadsDir?: string;
  /** Liveness: false once the embedded database could not be brought back (see /healthz). */
  isLive?: () => boolean;
  /** The React Router request handler; absent in API-only tests. */
  ssr?: RequestHandler;
  /** Serve the production client build from build/client. */
  serveClientBuild?: boolean;
  /** Extra middleware before the SSR handler (the Vite dev server in development). */
  devMiddleware?: RequestHandler;
  /** The hosts of this mode, for the URL rules. */
  hostPlan?: HostPlan;
  /** SITE_MODE, SITE_ORIGIN, LANGUAGE_HOSTS, DOWNLOAD_BASE_URL, CHAT_HUANXIN_SCRIPT: the official channels' hosts. */
  officialChannels?: OfficialChannelSettings;
  /** Where resized image variants are kept. */
  imageCacheDir?: string;
  /** Where the rendered share images (/share/<lang>/<name>.png) are kept; absent: no share images. */
  shareCacheDir?: string;
  /** Makes the zh, tc and jp pages' glyph subsets (/fonts/...; docs/decisions/0036); absent: pages name the slices. */
  fontSubsets?: SubsetMaker;
  /** How long a share image's request waits for its drawing before the generic card stands in (default 3 s). */
  shareRenderWaitMs?: number;
}

const API_SETTINGS = "apiSettings";

/** The API's settings, for a route action running an endpoint's handler (server/http/form-actions.server.ts). */
export function apiSettingsOf(app: Pick<Express, "locals">): ApiSettings {
  return app.locals[API_SETTINGS] as ApiSettings;
}

export function createApp(options: AppOptions): Express {
  const { database, logger } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustedProxies?.length ? [...options.trustedProxies] : false);
  const siteOrigins = options.hostPlan ? [options.hostPlan.en, ...(options.hostPlan.zh ? [options.hostPlan.zh] : [])] : [];

  app.use(requestContext(logger));
  app.use(requestGuard());
  app.use(
    securityHeaders({
      scriptSources: options.csp?.scriptSources ?? [],
      connectSources: options.csp?.connectSources ?? [],
      siteOrigins,
      reportOnly: options.csp?.reportOnly,
      googleIdentity: Boolean(options.passport?.googleClientId),
    }),
  );
  app.use(compression());

  /** Liveness: the process serves requests (and its embedded database has not been given up on). */
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const live = options.isLive?.() ?? true;
    if (!live) noteUnavailable(res, "database unavailable");
    res.status(live ? 200 : 503).json({ status: live ? "ok" : "database could not be restarted" });
  });
  /** Readiness: the database answers, so pages and the API can be served. */
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const ready = await isDatabaseReachable(database);
    if (!ready) {
      noteUnavailable(res, "database unavailable");
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    }
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "database unreachable" });
  });

  app.use(crossSiteGuard(siteOrigins, { skipApi: true }));
  app.use(requestTimeout(options.requestTimeoutMs ?? 8_000));

  // Before the static files: build/client/images holds the originals, which would answer ?w= too.
  if (options.imageCacheDir) {
    app.use(
      "/images",
      imageRouter({ sourceDirs: [path.join(PUBLIC_DIR, "images"), path.join(CONTENT_DIR, "images")], cacheDir: options.imageCacheDir, logger }),
    );
  }
  if (options.downloadsDir) {
    app.use(
      "/downloads",
      express.static(options.downloadsDir, {
        index: false,
        dotfiles: "allow",
        maxAge: "1d",
        setHeaders: (res) => res.setHeader("Content-Disposition", "attachment"),
      }),
    );
  }
  if (options.serveClientBuild && fs.existsSync(CLIENT_BUILD_DIR)) {
    // Vite names these files by content hash, so they can be cached forever. The build wrote
    // each one compressed beside it (brotli, and gzip by zopfli): sent as they are, never
    // compressed again per request (docs/decisions/0025).
    app.use(
      "/assets",
      // The encoding is chosen where pages and feeds choose theirs (q values weighed); the
      // library's own choice puts brotli first whatever its q, so it is handed only that one.
      (req, _res, next) => {
        req.headers["accept-encoding"] = chooseEncoding(req.headers["accept-encoding"]);
        next();
      },
      expressStaticGzip(path.join(CLIENT_BUILD_DIR, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y", index: false, fallthrough: false },
      }),
    );
    // Only for the names the build holds (favicons, og-image, images/...): asked of every page
    // address, express.static's failed stat cost 5 % of a rendered page's CPU.
    const clientFiles = new Set(fs.readdirSync(CLIENT_BUILD_DIR));
    const serveClientFile = express.static(CLIENT_BUILD_DIR, { maxAge: "1h", index: false });
    app.use((req, res, next) => (clientFiles.has(firstSegment(req.path)) ? serveClientFile(req, res, next) : next()));
  }

  // The spec's sign-in calls have no /api prefix: the same API endpoints answer them.
  app.use((req, _res, next) => {
    if (req.url.startsWith("/sys/user/passport/")) req.url = `/api${req.url}`;
    next();
  });
  const admit = options.admission ? admission(options.admission) : undefined;
  const apiSettings: ApiSettings = {
    businessTimeZone: options.businessTimeZone ?? DEFAULT_BUSINESS_TIME_ZONE,
    downloadBaseUrl: options.downloadBaseUrl ?? "/downloads",
    chat: options.chat ?? DEFAULT_CHAT_SETTINGS,
    passport: options.passport ?? { googleJwksUrl: "https://www.googleapis.com/oauth2/v3/certs", appLoginUrl: "https://app.facetbrowser.example/login" },
    releaseSigningKey: options.releaseSigningKey ?? null,
    // Without configuration (tests): this mode's English host, or the default origin, is the only site.
    officialChannels: options.officialChannels ?? {
      SITE_MODE: "development",
      SITE_ORIGIN: options.hostPlan?.en ?? "http://localhost:3000",
      LANGUAGE_HOSTS: undefined,
      DOWNLOAD_BASE_URL: options.downloadBaseUrl ?? "/downloads",
      CHAT_HUANXIN_SCRIPT: (options.chat ?? DEFAULT_CHAT_SETTINGS).huanxinScript,
    },
  };
  // Route actions run the same endpoint handlers for the site's forms, with the same settings.
  app.locals[API_SETTINGS] = apiSettings;
  app.use(
    "/api",
    createApiRouter({
      db: database.db,
      logger,
      siteOrigins,
      admit,
      verifyOutputs: options.verifyApiOutputs,
      settings: apiSettings,
    }),
  );

  app.use(staffPages(database.db));
  if (options.ssr) app.use(contentPreview(database, logger, options.ssr));
  if (options.hostPlan) app.use(machineReaders(database.db, options.hostPlan, admit));
  app.use(releaseChecksumFiles(database.db, options.releaseSigningKey ?? null, admit));
  if (options.shareCacheDir)
    app.use(shareImageRouter({ db: database.db, cacheDir: options.shareCacheDir, logger, admit, waitForRenderMs: options.shareRenderWaitMs }));
  if (options.fontSubsets) app.use(fontSubsetRouter({ maker: options.fontSubsets, logger }));
  if (options.hostPlan) app.use(urlRedirects(options.hostPlan));
  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.ssr) app.use(options.ssr);

  // Last resort for non-API failures (a bad static path, a crashed handler): no stack traces out.
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    // The shared mapping: a database that does not answer is "try again shortly" (503), never a 500.
    const unavailable = unavailableReasonOf(err);
    if (unavailable) {
      req.log.warn({ err, reason: unavailable }, "database unavailable");
      return sendUnavailable(req, res, unavailable);
    }
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) req.log.error({ err }, "unhandled error");
    if (isAnswered(res)) return res.end();
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not found" : status >= 500 ? "Internal server error" : "Bad request");
  };
  app.use(onError);
  return app;
}

/** The first segment of a request path: "/images/a.png" gives "images". */
function firstSegment(path: string): string {
  const end = path.indexOf("/", 1);
  return path.slice(1, end === -1 ? undefined : end);
}
