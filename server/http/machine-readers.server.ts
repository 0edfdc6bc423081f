/**
 * What search engines and machine readers fetch besides pages: robots.txt, the sitemap index and
 * its sitemaps, llms.txt and the Markdown variants of help articles, blog and news articles and
 * the FAQ (docs/decisions/0016). Answers carry caching headers and an ETag (304 when unchanged).
 */
import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import { getLanguage, isLangKey } from "~/i18n/languages";
import { defaultLangForHost, type HostPlan } from "~/lib/urls/hosts";
import type { Database } from "../db/client.server";
import { compressWhole, sendWholeBody, weakEtagOf } from "./whole-body-compression.server";
import { llmsTxt, markdownVariant } from "../pages/machine-readers.server";
import { originOfHost, parseSitemapFileName, sitemapIndexXml, sitemapXml } from "../pages/sitemaps.server";
import { isAnswered } from "./unavailable.server";

/** Caches may keep these for an hour and serve a stale copy while fetching a fresh one. */
const CACHE_CONTROL = "public, max-age=600, s-maxage=3600, stale-while-revalidate=86400";

function send(req: Request, res: Response, type: string, body: string | null, language?: string): void {
  // The request timeout (or load shedding) may have answered while the database was read.
  if (isAnswered(res)) return;
  if (body === null) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  res.setHeader("Cache-Control", CACHE_CONTROL);
  if (language) res.setHeader("Content-Language", language);
  res.type(type);
  // Compressed here, each encoding with its own ETag (and 304 when the client's copy is current).
  const identity = Buffer.from(body, "utf8");
  const etag = weakEtagOf(identity);
  sendWholeBody(req, res, { status: 200, etag, bodyIn: (encoding) => compressWhole(identity, encoding) });
}

export function robotsTxt(plan: HostPlan, host: string | undefined): string {
  return [
    "User-agent: *",
    "Allow: /",
    // The staff area and its root, not every address that starts with "admin" (/administrator-guide):
    // `$` ends a rule (RFC 9309), and the area's pages also say noindex (docs/decisions/0020).
    "Disallow: /admin/",
    "Disallow: /admin$",
    "Disallow: /api/",
    "Disallow: /sys/",
    // Preview links of unpublished articles (?preview=<token>) and booking management pages.
    "Disallow: /preview/",
    "Disallow: /*?preview=",
    "Disallow: /*&preview=",
    "Disallow: /*pre-sales/booking/",
    "",
    `Sitemap: ${originOfHost(plan, host)}/sitemap.xml`,
    "",
  ].join("\n");
}

/** The BCP 47 tag of a Markdown twin's language (docs/decisions/0004): its prefix, or the host's default. */
function languageTag(plan: HostPlan, req: Request, prefix: string | undefined): string | undefined {
  const lang = prefix ?? defaultLangForHost(plan, req.headers.host);
  return isLangKey(lang) ? getLanguage(lang).tag : undefined;
}

/**
 * The sitemap index is built from a query per language and family, one after the other: on one
 * pool connection (and one read-only snapshot) it waits for the pool once instead of 91 times,
 * which under load put it behind every other request's queries each time until it timed out
 * (docs/decisions/0012, "Bounded waits"). Only for work without parallel queries: a connection
 * runs one query at a time.
 */
function onOneConnection<T>(db: Database, work: (connection: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database), { accessMode: "read only" });
}

/** /helps/12.md, /zh/blog/3.md */
const ARTICLE_MARKDOWN = /^\/(?:([a-z]{2})\/)?(helps|blog|news)\/([1-9]\d{0,9})\.md$/;
/** /faq.md, /ru/faq.md */
const FAQ_MARKDOWN = /^\/(?:([a-z]{2})\/)?faq\.md$/;

/**
 * Database failures reach the app's error handler, which answers 503 with Retry-After like pages.
 * `admit` (load shedding) guards every answer that reads the database.
 */
export function machineReaders(db: Database, plan: HostPlan, admit?: RequestHandler): Router {
  const router = express.Router();
  router.get("/robots.txt", (req, res) => send(req, res, "text/plain; charset=utf-8", robotsTxt(plan, req.headers.host)));
  if (admit) router.get(["/sitemap.xml", "/sitemaps/:file", "/llms.txt", ARTICLE_MARKDOWN, FAQ_MARKDOWN], admit);
  router.get("/sitemap.xml", async (req, res) =>
    send(req, res, "application/xml; charset=utf-8", await onOneConnection(db, (connection) => sitemapIndexXml(connection, plan, req.headers.host))),
  );
  router.get("/sitemaps/:file", async (req, res) => {
    const file = parseSitemapFileName(req.params.file);
    send(req, res, "application/xml; charset=utf-8", file ? await sitemapXml(db, plan, req.headers.host, file) : null);
  });
  router.get("/llms.txt", async (req, res) => send(req, res, "text/plain; charset=utf-8", await llmsTxt(db, plan, req.headers.host)));
  router.get(ARTICLE_MARKDOWN, async (req, res) => {
    const [lang, kind, id] = [req.params[0], req.params[1], req.params[2]] as [string | undefined, "helps" | "blog" | "news", string];
    send(
      req,
      res,
      "text/markdown; charset=utf-8",
      await markdownVariant(db, plan, { lang, host: req.headers.host, kind, id: Number(id) }),
      languageTag(plan, req, lang),
    );
  });
  router.get(FAQ_MARKDOWN, async (req, res) => {
    send(
      req,
      res,
      "text/markdown; charset=utf-8",
      await markdownVariant(db, plan, { lang: req.params[0], host: req.headers.host, kind: "faq" }),
      languageTag(plan, req, req.params[0]),
    );
  });
  return router;
}
