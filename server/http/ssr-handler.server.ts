/**
 * The React Router request handler on Express, with the rendered-page cache in front of it
 * (docs/decisions/0021). Replaces @react-router/express's adapter so a cacheable answer can be
 * read whole, compressed once and kept. Other documents are compressed whole too; the rest
 * (single-fetch `.data` answers, which may stream deferred data) streams.
 *
 * The build is given as an object in production: React Router derives its route table from it
 * once, instead of on every request as it does when handed a function.
 */
import { randomBytes } from "node:crypto";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { withoutTrackingParams } from "~/lib/urls/tracking-params";
import type { Logger } from "../logger.server";
import { admitRequest, type AdmissionGate } from "./admission.server";
import type { ScriptAllowances } from "../infrastructure/script-allowances.server";
import type { CachedPage, PageCache } from "./page-cache.server";
import { PageRefresher, RenderFlights, type RefreshOutcome } from "./page-refresh.server";
import { documentScriptHashes } from "./script-hashes.server";
import { allowScriptsBySource } from "./security-headers.server";
import { isAnswered, noteUnavailable, RETRY_AFTER_SECONDS, sendUnavailable } from "./unavailable.server";
import { compressWhole, sendWholeBody, weakEtagOf, type ContentEncoding } from "./whole-body-compression.server";

export interface CachePolicy {
  cache: PageCache;
  /** Requests that must be rendered for the visitor alone (a staff session, a preview). */
  bypass: (req: ExpressRequest, res: ExpressResponse) => boolean;
  /** s-maxage: how long a shared cache (CDN) may serve a page without asking again. */
  sharedMaxAgeSeconds: number;
  /** stale-while-revalidate: how long it may serve an older copy while it asks. */
  staleWhileRevalidateSeconds: number;
  /**
   * What a page rendered for everyone allows besides its own inline scripts: scripts the browser
   * adds later (another language's snippets, the chat widgets). Read once per content change.
   */
  scriptAllowances?: (loadContext: AppLoadContext) => Promise<ScriptAllowances>;
  /**
   * The load context of a render no visitor asked for: a stale page rendered again in the
   * background (server/http/page-refresh.server.ts), as a visitor without cookies would get it.
   */
  backgroundContext: (url: URL) => AppLoadContext;
  /** Background renders at once in this process, and the most pages one change queues. */
  refresh: { concurrency: number; queueLimit: number; timeoutMs: number; logger: Logger };
}

export interface SsrHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  cachePolicy?: CachePolicy;
  /** Load shedding: renders wait here for a place (cached answers do not); absent, none is refused. */
  admission?: AdmissionGate;
}

/** A stale page's answer: any cache may keep it but must ask again before each reuse. */
const STALE_CACHE_CONTROL = "public, no-cache";

/** This cache's name in Cache-Status headers. */
const CACHE_NAME = "facet-pages";

/** Headers of a stored page that are sent again as they were; the rest are the cache's own or per response. */
const REPLAYED_HEADERS = new Set(["content-type", "content-language", "link", "x-robots-tag", "referrer-policy", "x-remix-response", "vary"]);

export function createSsrHandler(options: SsrHandlerOptions): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  const policy = options.cachePolicy;
  const cacheControl = policy ? `public, max-age=0, s-maxage=${policy.sharedMaxAgeSeconds}, stale-while-revalidate=${policy.staleWhileRevalidateSeconds}` : "";
  const flights = new RenderFlights();
  const refresher =
    policy &&
    new PageRefresher({
      cache: policy.cache,
      flights,
      logger: policy.refresh.logger,
      concurrency: policy.refresh.concurrency,
      queueLimit: policy.refresh.queueLimit,
      render: (key, stale) => renderAgain(key, stale, policy),
    });

  /** A stale page rendered again for the cache, with no visitor waiting (docs/decisions/0040). */
  async function renderAgain(key: string, stale: CachedPage, policy: CachePolicy): Promise<{ page: CachedPage | null; outcome: RefreshOutcome }> {
    const generation = policy.cache.generation;
    const url = new URL(stale.url);
    const loadContext = policy.backgroundContext(url);
    loadContext.cspNonce = "";
    const isData = url.pathname.endsWith(".data");
    const request = new Request(url.href, {
      headers: { host: url.host, accept: isData ? "*/*" : "text/html", "user-agent": "facet-page-refresh" },
      signal: AbortSignal.timeout(policy.refresh.timeoutMs),
    });
    const response = await handle(request, loadContext);
    if (loadContext.unavailableReason || response.status >= 500 || loadContext.degraded) {
      await response.body?.cancel();
      return { page: null, outcome: "failed" };
    }
    if (!isCacheableResponse(response)) {
      await response.body?.cancel();
      return { page: null, outcome: "refused" };
    }
    const { page, complete } = await storedPage(response, loadContext, policy, url.href);
    if (!complete) return { page: null, outcome: "failed" };
    // Something changed while it rendered: its data may predate that change.
    if (generation !== policy.cache.generation) return { page, outcome: "outdated" };
    // Not held any more (too large for the cache now, or the cache went off): its next visitor renders it.
    if (!policy.cache.set(key, page, generation)) return { page: null, outcome: "refused" };
    // Compressed at its best now, while no one waits: most visitors' browsers ask for brotli.
    policy.cache.polish(key, page, "br");
    return { page, outcome: "stored" };
  }

  return async (req, res, next) => {
    let release: (() => void) | null = null;
    // Set while this request's render is the one other visitors of its page wait for.
    let land: ((page: CachedPage | null) => void) | null = null;
    try {
      const cacheable = policy !== undefined && isCacheableRequest(req, res) && !policy.bypass(req, res) && policy.cache.enabled;
      const key = cacheable ? cacheKey(req) : "";
      if (cacheable) {
        const found = policy.cache.lookup(key);
        if (found) {
          // Changed or old: served as it is while one render replaces it, which no visitor waits for.
          if (!found.fresh) refresher?.refresh(key);
          // A stale copy is for this answer only: a CDN must ask again before reusing it (after a
          // purge it would otherwise keep the old page for s-maxage).
          return sendCached(
            req,
            res,
            found.page,
            (encoding) => policy.cache.body(key, found.page, encoding),
            found.fresh ? cacheControl : STALE_CACHE_CONTROL,
            found.fresh ? "HIT" : "STALE",
            `hit; ttl=${found.ttlSeconds}`,
          );
        }
        // Another visitor's render of this page is under way: wait for it rather than render it again.
        const joined = flights.joining(key);
        const shared = joined && (await joined);
        if (shared)
          return sendCached(req, res, shared, (encoding) => policy.cache.body(key, shared, encoding), cacheControl, "SHARED", "fwd=uri-miss; collapsed");
        if (isAnswered(res)) return;
        land = flights.open(key);
      }
      if (options.admission) {
        release = await admitRequest(options.admission, req, res);
        if (!release) return;
      }
      const generation = policy?.cache.generation ?? 0;
      const loadContext = options.getLoadContext(req, res);
      // Rendered for everyone: a nonce in the page would be a secret every visitor can read, so the
      // page has none and its policy names its scripts by hash (docs/decisions/0021).
      if (cacheable) loadContext.cspNonce = "";
      let response = await handle(createWebRequest(req, res), loadContext);
      // Answered meanwhile (the request timeout) or the client is gone: nothing more to send.
      if (isAnswered(res)) return void (await response.body?.cancel());
      const unavailable = loadContext.unavailableReason;
      if (unavailable && response.status >= 500) {
        // A loader could not reach the database (app/entry.server.tsx handleError): "try again
        // shortly", like every other answer of the site, never a 500.
        noteUnavailable(res, unavailable);
        if (!isDocument(response) && !response.headers.has("X-Remix-Response")) {
          // A resource route (a feed): its last-resort 500 text becomes the site's 503 answer.
          await response.body?.cancel();
          return sendUnavailable(req, res, unavailable);
        }
        // A page (its 502 page in its language) or a client navigation's data, which the browser decodes.
        const headers = new Headers(response.headers);
        headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
        headers.set("Cache-Control", "no-store");
        response = new Response(response.body, { status: 503, headers });
      }
      if (cacheable && req.method === "GET" && !loadContext.degraded && isCacheableResponse(response)) {
        const { page, complete } = await storedPage(response, loadContext, policy, absoluteUrl(req));
        let stored = false;
        if (complete) {
          stored = policy.cache.set(key, page, generation);
          // Those who waited for this render get it, stored or not (a change came meanwhile): they
          // asked before it was done, as its own visitor did.
          land?.(page);
        }
        return sendCached(
          req,
          res,
          page,
          (encoding) => policy.cache.body(key, page, encoding),
          cacheControl,
          "MISS",
          `fwd=uri-miss${stored ? "; stored" : ""}`,
        );
      }
      land?.(null);
      if (policy && !response.headers.has("Cache-Control") && !res.hasHeader("Cache-Control")) {
        // Rendered for this visitor alone (or not cacheable): browsers may keep it but must ask first.
        response.headers.set("Cache-Control", "private, no-cache");
      }
      if (isWhole(response))
        await sendWholeDocument(req, res, response, cacheable ? (body) => scriptSourcesOf(body, response, loadContext, policy) : undefined);
      else await sendWebResponse(res, response);
    } catch (error) {
      // After the request timeout answered, the render's own end (its abort, mostly) has no one to tell.
      if (isAnswered(res)) req.log.debug({ err: error }, "rendering ended after the answer was sent");
      else next(error);
    } finally {
      // Whoever waited renders for themselves when this render made nothing to share.
      land?.(null);
      release?.();
    }
  };
}

function isCacheableRequest(req: ExpressRequest, res: ExpressResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  // An earlier middleware already said this answer is not for sharing (the staff area's no-store).
  if (/no-store|private/i.test(String(res.getHeader("Cache-Control") ?? ""))) return false;
  // A search's words are the visitor's own and unbounded: each would fill the cache once (and
  // searches that find nothing are recorded as they happen).
  // The site search's words are `q` (docs/decisions/0030).
  if (typeof req.query.keyword === "string" || typeof req.query.q === "string" || typeof req.query.preview === "string") return false;
  return true;
}

/** Per host and address; an ad click's tracking parameters do not change the page (app/lib/urls/tracking-params.ts). */
function cacheKey(req: ExpressRequest): string {
  const url = req.originalUrl;
  const query = url.indexOf("?");
  const address = query === -1 ? url : url.slice(0, query) + withoutTrackingParams(url.slice(query));
  return `${(req.headers.host ?? "").toLowerCase()} ${address}`;
}

/** A page for everyone: a 200 that sets no cookie and that its route did not mark private. */
function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.has("Set-Cookie")) return false;
  const control = response.headers.get("Cache-Control") ?? "";
  if (/no-store|private|no-cache/i.test(control)) return false;
  const type = response.headers.get("Content-Type") ?? "";
  return type.startsWith("text/html") || type.startsWith("text/x-script");
}

/**
 * What the policy of a page rendered for everyone allows scripts by: the hashes of the inline
 * scripts it holds, and what the browser may add to it later (the site's allowances).
 */
async function scriptSourcesOf(
  body: Buffer,
  response: Response,
  loadContext: AppLoadContext,
  policy: CachePolicy,
): Promise<{ sources: string[]; complete: boolean }> {
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return { sources: [], complete: true };
  let allowances: ScriptAllowances = { hashes: [], scripts: [] };
  let complete = true;
  try {
    allowances = (await policy.scriptAllowances?.(loadContext)) ?? allowances;
  } catch (err) {
    // The database is not answering (the page is likely its 503): the page's own scripts still
    // run; what the browser would add later does not, and the page is not stored like this.
    loadContext.logger.warn({ err }, "script allowances could not be read");
    complete = false;
  }
  return { sources: [...new Set([...documentScriptHashes(body), ...allowances.hashes, ...allowances.scripts])], complete };
}

async function storedPage(response: Response, loadContext: AppLoadContext, policy: CachePolicy, url: string): Promise<{ page: CachedPage; complete: boolean }> {
  const identity = Buffer.from(await response.arrayBuffer());
  const scripts = await scriptSourcesOf(identity, response, loadContext, policy);
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => {
    if (REPLAYED_HEADERS.has(name)) headers.push([name, value]);
  });
  const page: CachedPage = {
    status: response.status,
    headers,
    identity,
    encoded: {},
    polished: {},
    // The same in every process (the page has no nonce), so a revalidation that reaches another
    // process still gets its 304 when the page is the same.
    etag: weakEtagOf(identity),
    scriptSources: scripts.sources,
    tags: loadContext.pageTags,
    storedAt: Date.now(),
    url,
    renderId: randomBytes(6).toString("base64url"),
  };
  return { page, complete: scripts.complete };
}

function sendCached(
  req: ExpressRequest,
  res: ExpressResponse,
  page: CachedPage,
  bodyIn: (encoding: ContentEncoding) => Buffer,
  cacheControl: string,
  state: "HIT" | "STALE" | "SHARED" | "MISS",
  cacheStatus: string,
): void {
  if (isAnswered(res)) return;
  // Every answer of the page is sent with the same policy: its scripts by hash, no nonce.
  allowScriptsBySource(res, res.locals.cspNonce, page.scriptSources);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("X-Cache", state);
  // The standard form (RFC 9211), with which render made the page: a CDN's own entry goes before it.
  res.setHeader("Cache-Status", `${CACHE_NAME}; ${cacheStatus}; detail=${page.renderId}`);
  // Compressed once per encoding: a later hit asking for the same one never compresses again.
  sendWholeBody(req, res, { status: page.status, etag: page.etag, bodyIn });
}

function absoluteUrl(req: ExpressRequest): string {
  return new URL(`${req.protocol}://${req.headers.host ?? "localhost"}${req.originalUrl}`).href;
}

function createWebRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(absoluteUrl(req));
  const controller = new AbortController();
  res.on("close", () => {
    // The client went away, or the request timeout answered in the render's place: stop its work.
    if (!res.writableFinished || res.locals.unavailableReason === "timeout") controller.abort();
  });
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }
  // HEAD is rendered as GET, so it is answered with the same headers (type, length, language);
  // the body is left out when sent.
  const init: RequestInit & { duplex?: "half" } = { method: req.method === "HEAD" ? "GET" : req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** A rendered page (its 502 page included), as opposed to a feed or a client navigation's data. */
function isDocument(response: Response): boolean {
  return (response.headers.get("Content-Type") ?? "").startsWith("text/html");
}

/**
 * A rendered document (entry.server gives it as one finished body, never a stream of parts) or a
 * feed: sent whole, compressed in one call, each encoding with its own entity tag.
 */
function isWhole(response: Response): boolean {
  return response.body !== null && /^(text\/html|application\/(rss|atom)\+xml)/.test(response.headers.get("Content-Type") ?? "");
}

/** A document for this visitor alone, or a feed: compressed in one call for the encoding asked for. */
async function sendWholeDocument(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  scriptSourcesOf?: (body: Buffer) => Promise<{ sources: string[] }>,
): Promise<void> {
  const identity = Buffer.from(await response.arrayBuffer());
  const scripts = scriptSourcesOf ? await scriptSourcesOf(identity) : undefined;
  if (isAnswered(res)) return;
  if (scripts) allowScriptsBySource(res, res.locals.cspNonce, scripts.sources);
  writeStatusAndHeaders(res, response);
  sendWholeBody(req, res, {
    status: response.status,
    etag: response.headers.get("ETag") ?? undefined,
    // Sent once, to a visitor who waits for it.
    bodyIn: (encoding) => compressWhole(identity, encoding, "fast"),
  });
}

async function sendWebResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (isAnswered(res)) {
    await response.body?.cancel();
    return;
  }
  writeStatusAndHeaders(res, response);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

function writeStatusAndHeaders(res: ExpressResponse, response: Response): void {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
}
