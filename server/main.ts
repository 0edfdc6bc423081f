/**
 * The server process: configuration, database (embedded or DATABASE_URL), migrations, demo
 * content, then Express with the API, health checks and the React Router SSR handler.
 * With WEB_CONCURRENCY > 1 the first process does everything up to the demo content and forks
 * that many workers, which serve (server/cluster.server.ts, docs/decisions/0024).
 * Production runs the compiled bundle (build/server/index.js); `npm run dev` runs this file with Vite.
 */
import { demoReleaseSigner, publishedReleaseKey } from "./infrastructure/release-signing.server";
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import v8 from "node:v8";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Request, Response } from "express";
import type { ServerBuild } from "react-router";
import "~/lib/load-context";
import { apiSettingsOf, createApp } from "./app.server";
import type { StaffIdentity } from "@contracts/staff-access";
import type { PreviewLocals } from "./http/content-preview.server";
import { ConfigError, hostPlanOf, loadConfig, loadDotEnv, type Config } from "./config.server";
import { defaultLangForHost } from "~/lib/urls/hosts";
import { connectDatabase, runMigrations, type DatabaseHandle } from "./db/client.server";
import { DataDirectoryInUseError, startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded-postgres.server";
import { preloadMessages } from "./i18n/messages.server";
import { createLogger } from "./logger.server";
import { seedDatabase } from "./seed/seed.server";
import { pruneAbuseLimits } from "./infrastructure/abuse-limits.server";
import { pruneLogins } from "./services/passport.server";
import { pruneUsageEvents } from "./services/usage.server";
import { generateSlots } from "./services/bookings.server";
import { startOutboxWorker } from "./infrastructure/outbox.server";
import { publishDue } from "./services/content.server";
import { createSsrHandler } from "./http/ssr-handler.server";
import { PageCache } from "./http/page-cache.server";
import { AdmissionGate } from "./http/admission.server";
import { readThrough, SharedDataCache } from "./http/shared-data-cache.server";
import { announcePageChanges, EVERY_PAGE, listenForPageChanges } from "./infrastructure/page-changes.server";
import { readStaffSessionId } from "./http/staff-session.server";
import { siteScriptAllowances } from "./infrastructure/script-allowances.server";
import { followPrimary, superviseWorkers, type WorkerSupervisor } from "./cluster.server";
import { handleProcessFaults } from "./process-faults.server";
import { getSecret } from "./infrastructure/secrets.server";
import { setSubsetSigningKey, SubsetMaker } from "~/fonts/font-subsets.server";
import { startMemoryReport } from "./infrastructure/memory-report.server";
import type { OfficialChannelSettings } from "./services/official-channels.server";

async function main() {
  const dev = process.argv.includes("--dev");
  loadDotEnv();
  let config: Config;
  try {
    config = loadConfig(dev ? { NODE_ENV: "development", ...process.env } : process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // V8 lets the heap grow up to four times what survived its last full collection before the next
  // one; renders allocate fast, so the heap (and the RSS) rose by 100 MB and more for nothing
  // (docs/decisions/0039). Read at every collection, so setting it here, before the app loads, works.
  if (config.HEAP_GROWING_PERCENT > 0) v8.setFlagsFromString(`--heap-growing-percent=${config.HEAP_GROWING_PERCENT}`);
  // Dev (Vite's hot reload) is always one process.
  const role = dev || config.WEB_CONCURRENCY === 1 ? "single" : cluster.isPrimary ? "primary" : "worker";
  // Loading the rendered app costs about a second of CPU: begun now, it overlaps the database's
  // start and the import, which mostly wait (docs/decisions/0024). The primary serves nothing.
  const serverBuild = dev || role === "primary" ? undefined : (import("virtual:react-router/server-build") as Promise<ServerBuild>);
  serverBuild?.catch(() => undefined); // awaited below; a failure is reported there

  let embedded: EmbeddedPostgres | undefined;
  let database: DatabaseHandle | undefined;
  let closeDev: (() => Promise<void>) | undefined;
  let server: Server | undefined;
  let workers: WorkerSupervisor | undefined;
  let stopping = false;

  const shutdown = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "shutting down");
    // The primary: every worker finishes its requests before the database stops.
    await workers?.stop().catch((err) => logger.error({ err }, "stopping the workers failed"));
    if (server) {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      server.closeIdleConnections();
      // A connection whose answer ends after this would stay open, idle, for KEEP_ALIVE_TIMEOUT_MS
      // (close() closes only the idle ones it finds): each is closed as soon as it is idle.
      const sweep = setInterval(() => server!.closeIdleConnections(), 100);
      const force = setTimeout(() => {
        logger.warn("in-flight requests did not finish in time; closing their connections");
        server!.closeAllConnections();
      }, config.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearInterval(sweep);
      clearTimeout(force);
    }
    await closeDev?.().catch((err) => logger.error({ err }, "closing the dev server failed"));
    await database?.close().catch((err) => logger.error({ err }, "closing the database pool failed"));
    await embedded?.stop().catch((err) => logger.error({ err }, "stopping the embedded database failed"));
    logger.flush();
    process.exit(exitCode);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM", 0));
  process.once("SIGINT", () => void shutdown("SIGINT", 0));
  handleProcessFaults(logger, (reason) => {
    // The ordered shutdown may itself be stuck in whatever went wrong.
    setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 15_000).unref();
    void shutdown(reason, 1);
  });

  const primary = role === "worker" ? followPrimary(() => void shutdown("the primary process is gone", 1)) : undefined;
  const poolOptions = { poolMax: config.DATABASE_POOL_MAX, statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS };
  try {
    // A worker's DATABASE_URL is the primary's database (the embedded one, if it started one).
    if (config.DATABASE_URL) {
      database = connectDatabase(config.DATABASE_URL, logger, poolOptions);
    } else {
      embedded = await startEmbeddedPostgres(config.DATA_DIR, logger);
      database = connectDatabase(embedded.url, logger, poolOptions);
    }
    const downloadsDir = path.join(config.DATA_DIR, "downloads");
    // Once per start, not per worker: the primary (or the one process) migrates and imports.
    if (role !== "worker") {
      await runMigrations(database, logger);
      if (config.SEED_DEMO_CONTENT) {
        // The demo signs its stand-ins with its own key; a configured key's private half never reaches the servers.
        const releaseSigner = config.RELEASE_SIGNING_PUBLIC_KEY ? undefined : demoReleaseSigner(config.DATA_DIR);
        const seeded = await seedDatabase(database.db, logger, { timeZone: config.BUSINESS_TIME_ZONE, downloadsDir, releaseSigner });
        // Processes already serving drop pages the import may have changed (docs/decisions/0021).
        if (seeded.imported.length) await announcePageChanges(database.db, [EVERY_PAGE]);
      }
    }
    if (role === "primary") {
      // The primary serves nothing and keeps no connections; the workers do the rest of this function.
      await database.close();
      database = undefined;
      const db = embedded;
      workers = superviseWorkers({
        count: config.WEB_CONCURRENCY,
        entry: fileURLToPath(import.meta.url),
        env: db ? { DATABASE_URL: db.url } : {},
        logger,
        drainTimeoutMs: config.SHUTDOWN_TIMEOUT_MS + 5_000,
        databaseState: db && (() => db.state()),
        onStartFailed: (reason) => {
          logger.fatal(reason);
          void shutdown("a worker could not start", 1);
        },
      });
      logger.info({ workers: config.WEB_CONCURRENCY, port: config.PORT }, "starting the workers");
      return;
    }
    preloadMessages();

    const hostPlan = hostPlanOf(config);
    // Read once the start's import made the demo's key (docs/decisions/0041).
    const releaseSigningKey = publishedReleaseKey(config);
    const officialChannels: OfficialChannelSettings = {
      SITE_MODE: config.SITE_MODE,
      SITE_ORIGIN: config.SITE_ORIGIN,
      LANGUAGE_HOSTS: config.LANGUAGE_HOSTS,
      DOWNLOAD_BASE_URL: config.DOWNLOAD_BASE_URL,
      CHAT_HUANXIN_SCRIPT: config.CHAT_HUANXIN_SCRIPT,
    };
    // Reference data many pages show (base info, prices, FAQ, releases), read once per process.
    const sharedData = new SharedDataCache({ ttlMs: config.PAGE_CACHE_TTL_SECONDS * 1000 });
    // What every render is given, whoever asked for it.
    const siteContext = {
      hostPlan,
      businessTimeZone: config.BUSINESS_TIME_ZONE,
      downloadBaseUrl: config.DOWNLOAD_BASE_URL,
      releaseSigningKey,
      officialChannels,
      oneTap: Boolean(config.GOOGLE_CLIENT_ID),
      accountUrls: { signIn: config.APP_LOGIN_URL, signUp: config.APP_SIGNUP_URL },
    };
    const getLoadContext = (req: Request, res: Response) => ({
      ...siteContext,
      // A content preview renders inside the transaction that holds the draft (server/http/content-preview.server.ts).
      db: (res.locals as PreviewLocals).db ?? database!.db,
      preview: Boolean((res.locals as PreviewLocals).preview),
      logger: req.log,
      requestId: req.id,
      host: req.headers.host,
      clientIp: req.ip,
      cspNonce: res.locals.cspNonce,
      defaultLang: defaultLangForHost(hostPlan, req.headers.host),
      staff: (res.locals.staff as StaffIdentity | null | undefined) ?? null,
      pageTags: new Set<string>(),
      shared: dev || (res.locals as PreviewLocals).preview ? readThrough : sharedData.read,
      pageHtml: req.path.endsWith(".data") ? null : new Map<string, string>(),
      http: { req, res, apiSettings: apiSettingsOf(req.app) },
    });
    // A cached page rendered again with no visitor waiting (docs/decisions/0040): as for a visitor
    // without cookies, on no one's connection.
    const backgroundContext = (url: URL) => {
      const requestId = randomUUID();
      return {
        ...siteContext,
        db: database!.db,
        preview: false,
        logger: logger.child({ reqId: requestId, refresh: url.pathname }),
        requestId,
        host: url.host,
        clientIp: undefined,
        cspNonce: "",
        defaultLang: defaultLangForHost(hostPlan, url.host),
        staff: null,
        pageTags: new Set<string>(),
        shared: sharedData.read,
        pageHtml: url.pathname.endsWith(".data") ? null : new Map<string, string>(),
        http: null,
      };
    };

    // The zh, tc and jp pages' glyph subsets (docs/decisions/0036): URLs signed with a key every process shares.
    setSubsetSigningKey(await getSecret(database.db, "font-subsets"));
    const fontSubsets = new SubsetMaker({ cacheDir: path.join(config.DATA_DIR, "cache", "fonts") });
    process.once("beforeExit", () => void fontSubsets.stop());

    // Load shedding (docs/decisions/0012): one gate per process for the API, the machine readers and renders.
    const admission = new AdmissionGate({
      concurrency: config.REQUEST_CONCURRENCY,
      // Never fewer places than the pool has connections: below that the pool is not what is short.
      minConcurrency: config.DATABASE_POOL_MAX,
      queue: config.REQUEST_QUEUE,
      maxWaitMs: Math.round(config.REQUEST_TIMEOUT_MS / 4),
      slowMs: Math.round(config.REQUEST_TIMEOUT_MS / 4),
    });
    const shared = {
      database,
      logger,
      admission,
      trustedProxies: config.TRUSTED_PROXIES,
      hostPlan,
      imageCacheDir: path.join(config.DATA_DIR, "cache", "images"),
      shareCacheDir: path.join(config.DATA_DIR, "cache", "share"),
      fontSubsets,
      csp: { scriptSources: config.CSP_SCRIPT_SOURCES, connectSources: config.CSP_CONNECT_SOURCES, reportOnly: dev },
      requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
      businessTimeZone: config.BUSINESS_TIME_ZONE,
      downloadBaseUrl: config.DOWNLOAD_BASE_URL,
      releaseSigningKey,
      officialChannels,
      passport: { googleClientId: config.GOOGLE_CLIENT_ID, googleJwksUrl: config.GOOGLE_JWKS_URL, appLoginUrl: config.APP_LOGIN_URL },
      chat: { excludedIp: config.CHAT_EXCLUDED_IP, easemobCountries: config.CHAT_EASEMOB_COUNTRIES, huanxinScript: config.CHAT_HUANXIN_SCRIPT },
      downloadsDir,
      isLive: () => (primary ? primary.databaseState() : embedded?.state()) !== "failed",
    };
    // Spent abuse-limit cells, expired one-tap nonces and sign-in codes carry no information, and usage events
    // older than USAGE_RETENTION_DAYS are not kept; any process may drop them.
    const prune = setInterval(() => {
      void pruneAbuseLimits(database!.db).catch((err) => logger.warn({ err }, "pruning abuse limits failed"));
      void pruneLogins(database!.db, logger).catch((err) => logger.warn({ err }, "pruning sign-in nonces and codes failed"));
      void pruneUsageEvents(database!.db, config.USAGE_RETENTION_DAYS).catch((err) => logger.warn({ err }, "pruning usage events failed"));
    }, 10 * 60_000);
    prune.unref();
    // Keep the coming weeks' slots made from the schedule (idempotent, safe in every process).
    const slots = setInterval(
      () => void generateSlots(database!.db, { timeZone: config.BUSINESS_TIME_ZONE }).catch((err) => logger.warn({ err }, "making booking slots failed")),
      6 * 60 * 60_000,
    );
    slots.unref();
    const stopOutbox = startOutboxWorker(database.db, {
      webhookUrl: config.BOOKING_WEBHOOK_URL,
      webhookSecret: config.BOOKING_WEBHOOK_SECRET,
      intervalMs: config.OUTBOX_POLL_MS,
      logger,
    });
    process.once("beforeExit", stopOutbox);
    // Drafts scheduled in the staff area go live by themselves; each is taken by one process only.
    const publishing = setInterval(
      () => void publishDue(database!.db, logger).catch((err) => logger.warn({ err }, "publishing scheduled content failed")),
      config.CONTENT_PUBLISH_POLL_MS,
    );
    publishing.unref();
    // Rendered public pages (docs/decisions/0021): dropped when a change is announced by any process.
    const pageCache = new PageCache({
      maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
      ttlMs: config.PAGE_CACHE_TTL_SECONDS * 1000,
      staleMs: config.PAGE_CACHE_STALE_SECONDS * 1000,
    });
    process.once("beforeExit", startMemoryReport(logger, config.MEMORY_LOG_SECONDS, pageCache));
    const pageChanges = dev
      ? undefined
      : listenForPageChanges(database.url, logger, {
          onChange: (tags) => {
            // Reference data first: the pages made stale are rendered again from it at once.
            sharedData.invalidate(tags);
            pageCache.invalidate(tags);
          },
          onSynced: (synced) => {
            pageCache.setSynced(synced);
            sharedData.setSynced(synced);
          },
        });
    process.once("beforeExit", () => void pageChanges?.stop());
    let app;
    if (dev) {
      const vite = await import("vite");
      const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
      closeDev = () => devServer.close();
      app = createApp({
        ...shared,
        devMiddleware: devServer.middlewares,
        ssr: createSsrHandler({
          build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
          getLoadContext,
          mode: "development",
        }),
      });
    } else {
      app = createApp({
        ...shared,
        serveClientBuild: true,
        ssr: createSsrHandler({
          // Loaded once: React Router builds its route table from the object once, not per request.
          build: await serverBuild!,
          getLoadContext,
          mode: "production",
          admission,
          cachePolicy: {
            cache: pageCache,
            bypass: (req, res) => Boolean((res.locals as PreviewLocals).preview) || readStaffSessionId(req) !== undefined,
            sharedMaxAgeSeconds: config.CDN_MAX_AGE_SECONDS,
            staleWhileRevalidateSeconds: config.CDN_STALE_SECONDS,
            scriptAllowances: (context) => context.shared("script-allowances", () => siteScriptAllowances(database!.db, config.CHAT_HUANXIN_SCRIPT)),
            backgroundContext,
            // A change touching every page queues the most visited; the rest are rendered again when next asked for.
            refresh: { concurrency: config.PAGE_REFRESH_CONCURRENCY, queueLimit: 500, timeoutMs: config.REQUEST_TIMEOUT_MS, logger },
          },
        }),
      });
    }

    server = app.listen(config.PORT, config.HOST);
    // Node's own bounds on receiving a request (checked every 30 s): headers trickled in slowly are
    // cut after REQUEST_TIMEOUT_MS (408, connection closed); a body still arriving then is answered
    // 408 by server/http/request-timeout.server.ts, with Node's limit a little later as the backstop.
    server.headersTimeout = config.REQUEST_TIMEOUT_MS;
    server.requestTimeout = config.REQUEST_TIMEOUT_MS + 2_000;
    server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;
    server.on("error", (err: NodeJS.ErrnoException) => {
      logger.fatal({ err }, err.code === "EADDRINUSE" ? `port ${config.PORT} is already in use; set PORT to another port` : "server failed");
      void shutdown("listen failed", 1);
    });
    server.on("listening", () => {
      const address = server!.address();
      const port = typeof address === "object" && address ? address.port : config.PORT;
      logger.info({ port, host: config.HOST }, `site is up on http://localhost:${port}`);
    });
  } catch (err) {
    if (err instanceof DataDirectoryInUseError) logger.fatal(err.message);
    else logger.fatal({ err }, "start-up failed");
    await shutdown("start-up failed", 1);
  }
}

void main();
