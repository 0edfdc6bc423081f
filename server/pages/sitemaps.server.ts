/**
 * Sitemaps (docs/decisions/0016): an index per host listing one sitemap per language and page
 * family, each built from the database on request, so a publish shows up at once and a draft,
 * preview, redirect or noindex page never does. Every URL carries its content's lastmod and
 * hreflang alternates to exactly the languages that page exists in (x-default: English).
 */
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { SitemapIndexStream, SitemapStream, streamToPromise } from "sitemap";
import { DEFAULT_LANG, getLanguage, isLangKey, LANG_KEYS, type LangKey } from "~/i18n/languages";
import { hostOf, originForLang, type HostPlan } from "~/lib/urls/hosts";
import { absoluteUrl } from "~/lib/meta/meta";
import { PAGE_ROUTES } from "~/lib/urls/page-paths";
import type { Executor } from "../db/client.server";
import { LOCALES_DIR } from "../paths.server";

export const SITEMAP_FAMILIES = ["pages", "blog", "news", "help", "releases", "use-cases", "partners"] as const;
export type SitemapFamily = (typeof SITEMAP_FAMILIES)[number];

/**
 * URLs per sitemap file. The protocol allows 50,000 and 50 MB; with up to 14 alternates each a
 * URL takes about 2 KB, so 5,000 keep a file near 10 MB, well inside both limits.
 */
export const MAX_URLS_PER_SITEMAP = 5_000;

export interface SitemapEntry {
  /** Site path without a language prefix, e.g. /blog/12 or /helps?category=proxies. */
  path: string;
  lastmod: Date;
  /** The same page in each language it exists in (this language included). */
  alternates: Partial<Record<LangKey, string>>;
}

/**
 * Pages with a fixed address: the router's own list (app/lib/urls/page-paths.ts) minus parameterised
 * routes, files (feeds) and the error pages, which are noindex. Each path's lastmod is the newest
 * update time of the content it shows.
 */
export const STATIC_PAGES: readonly string[] = [
  "/",
  // The search page is made per query and never indexed (docs/decisions/0030), nor is the
  // contact page, a form (docs/decisions/0034).
  ...PAGE_ROUTES.map(([path]) => `/${path}`).filter(
    (p) => !p.includes(":") && !p.endsWith(".xml") && !p.startsWith("/error/") && p !== "/search" && p !== "/contact",
  ),
];

/**
 * When a page whose content is its interface texts alone (/check: the rest is measured in the
 * visitor's browser) last changed in a language: its namespace's file there or in English (the
 * fallback), as the server reads them (app/locales, server/i18n/messages.server.ts).
 */
function lastChangeOfPageWords(namespace: string, lang: LangKey): Date {
  const times = [lang, DEFAULT_LANG].map((l) => fs.statSync(path.join(LOCALES_DIR, l, `${namespace}.json`)).mtimeMs);
  return new Date(Math.max(...times));
}

function lastmodOfStaticPage(path: string, lang: LangKey) {
  const pageText = (kind: string) => sql`(SELECT max(updated_at) FROM page_texts WHERE kind = ${kind} AND lang IN (${lang}, ${DEFAULT_LANG}))`;
  // One type at a time: each is a range of articles_sitemap_idx, read from the index alone.
  const articles = (type: "blog" | "news") =>
    sql`(SELECT max(updated_at) FROM articles WHERE type = ${type} AND lang = ${lang} AND status = 'published' AND published_at <= now())`;
  switch (path) {
    case "/":
      return sql`greatest(${articles("blog")}, ${articles("news")}, ${pageText("pricing")})`;
    case "/Pricing":
      return pageText("pricing");
    case "/about-us":
      return pageText("about");
    case "/links":
      return sql`greatest(${pageText("links")}, ${pageText("link-addresses")})`;
    case "/partner-plan":
      return pageText("partner-plan");
    case "/referral-program":
      return pageText("referral");
    case "/blog":
      return articles("blog");
    case "/news":
      return articles("news");
    case "/download":
    case "/release":
      return sql`(SELECT max(released_at) FROM releases)`;
    case "/faq":
      return sql`(SELECT max(updated_at) FROM faq_item_translations WHERE lang = ${lang})`;
    case "/helps":
      return sql`(SELECT max(updated_at) FROM help_articles WHERE lang = ${lang} AND status = 'published')`;
    case "/partner":
      return sql`(SELECT max(updated_at) FROM partner_translations WHERE lang = ${lang})`;
    case "/scenarios":
      return sql`(SELECT max(updated_at) FROM use_case_translations WHERE lang = ${lang})`;
    case "/check":
      return sql`${lastChangeOfPageWords("check", lang).toISOString()}::timestamptz`;
    // The file check names releases; the address check lists the official links.
    case "/verify":
      return sql`greatest((SELECT max(released_at) FROM releases), ${pageText("links")}, ${pageText("link-addresses")})`;
    case "/pre-sales":
      return sql`(SELECT max(updated_at) FROM booking_schedule)`;
    default:
      throw new Error(`no lastmod source for the page ${path}: add one to sitemaps.server.ts`);
  }
}

const everywhere = (path: string) => Object.fromEntries(LANG_KEYS.map((l) => [l, path])) as Record<LangKey, string>;

/** Rows of (path, lastmod, languages with their path), grouped into entries for one language. */
function entries(rows: { path: string; lastmod: Date; alternates: Partial<Record<LangKey, string>> | null }[]): SitemapEntry[] {
  return rows.filter((r) => r.lastmod).map((r) => ({ path: r.path, lastmod: new Date(r.lastmod), alternates: r.alternates ?? {} }));
}

export async function familyEntries(db: Executor, family: SitemapFamily, lang: LangKey): Promise<SitemapEntry[]> {
  switch (family) {
    case "pages": {
      const { rows } = await db.execute<{ i: number; lastmod: Date | null }>(sql`
        SELECT * FROM (VALUES ${sql.join(
          STATIC_PAGES.map((p, i) => sql`(${i}, ${lastmodOfStaticPage(p, lang)}::timestamptz)`),
          sql`, `,
        )}) AS v(i, lastmod)`);
      const pages = rows
        .filter((r) => r.lastmod)
        .map((r) => ({ path: STATIC_PAGES[r.i]!, lastmod: new Date(r.lastmod!), alternates: everywhere(STATIC_PAGES[r.i]!) }));
      // Category lists and help topics exist in every language (an empty one says so).
      // Per category, a range of articles_category_published_idx (index-only).
      const { rows: lists } = await db.execute<{ type: string; slug: string; lastmod: Date }>(sql`
        SELECT c.type, c.slug,
               greatest(c.created_at,
                 (SELECT max(a.updated_at) FROM articles a
                  WHERE a.category_id = c.id AND a.lang = ${lang} AND a.status = 'published' AND a.published_at <= now()),
                 (SELECT max(h.updated_at) FROM help_articles h WHERE h.category_id = c.id AND h.lang = ${lang} AND h.status = 'published')) AS lastmod
        FROM categories c ORDER BY c.type, c.id`);
      for (const c of lists) {
        const path = c.type === "help" ? `/helps?category=${c.slug}` : `/${c.type}-${c.slug}`;
        pages.push({ path, lastmod: new Date(c.lastmod), alternates: everywhere(path) });
      }
      return pages;
    }
    case "blog":
    case "news":
      return articleEntries(db, family, lang, { limit: null, offset: 0 });
    case "help": {
      const { rows } = await db.execute<{ path: string; lastmod: Date; alternates: Record<LangKey, string> }>(sql`
        SELECT '/helps/' || h.id AS path, h.updated_at AS lastmod,
          (SELECT jsonb_object_agg(o.lang, '/helps/' || o.id) FROM help_articles o WHERE o.key = h.key AND o.status = 'published') AS alternates
        FROM help_articles h WHERE h.lang = ${lang} AND h.status = 'published' ORDER BY h.id`);
      return entries(rows);
    }
    case "releases": {
      const { rows } = await db.execute<{ path: string; lastmod: Date; alternates: Record<LangKey, string> }>(sql`
        SELECT '/release/' || r.id AS path, r.released_at AS lastmod,
          (SELECT jsonb_object_agg(n2.lang, '/release/' || r.id) FROM release_notes n2 WHERE n2.release_id = r.id) AS alternates
        FROM releases r JOIN release_notes n ON n.release_id = r.id AND n.lang = ${lang}
        WHERE r.released_at <= now() ORDER BY r.id`);
      return entries(rows);
    }
    case "use-cases": {
      const { rows } = await db.execute<{ path: string; lastmod: Date; alternates: Record<LangKey, string> }>(sql`
        SELECT CASE u.kind WHEN 'scenario' THEN '/scenarios/' ELSE '/solutions/' END || u.slug AS path, t.updated_at AS lastmod,
          (SELECT jsonb_object_agg(t2.lang, CASE u.kind WHEN 'scenario' THEN '/scenarios/' ELSE '/solutions/' END || u.slug)
           FROM use_case_translations t2 WHERE t2.use_case_id = u.id) AS alternates
        FROM use_cases u JOIN use_case_translations t ON t.use_case_id = u.id AND t.lang = ${lang}
        ORDER BY u.sort`);
      return entries(rows);
    }
    case "partners": {
      const { rows } = await db.execute<{ path: string; lastmod: Date; alternates: Record<LangKey, string> }>(sql`
        SELECT '/partner/' || p.id AS path, t.updated_at AS lastmod,
          (SELECT jsonb_object_agg(t2.lang, '/partner/' || p.id) FROM partner_translations t2 WHERE t2.partner_id = p.id) AS alternates
        FROM partners p JOIN partner_translations t ON t.partner_id = p.id AND t.lang = ${lang}
        WHERE p.status = 'published' ORDER BY p.sort, p.id`);
      return entries(rows);
    }
  }
}

/**
 * Published articles of a type in a language, in id order: the part of a sitemap asked for. The
 * part's ids come from articles_sitemap_idx alone; each row is then fetched by its id (LIMIT 1
 * keeps that a probe per id: joined plainly, the planner may read the whole table to match them).
 */
async function articleEntries(db: Executor, type: "blog" | "news", lang: LangKey, range: { limit: number | null; offset: number }): Promise<SitemapEntry[]> {
  const { rows } = await db.execute<{ path: string; lastmod: Date; alternates: Record<LangKey, string> }>(sql`
    SELECT '/' || a.type || '/' || a.id AS path, a.updated_at AS lastmod,
      (SELECT jsonb_object_agg(o.lang, '/' || o.type || '/' || o.id) FROM articles o
       WHERE o.type = a.type AND o.key = a.key AND o.status = 'published' AND o.published_at <= now()) AS alternates
    FROM (SELECT f.id FROM articles f
          WHERE f.type = ${type} AND f.lang = ${lang} AND f.status = 'published' AND f.published_at <= now()
          ORDER BY f.id LIMIT ${range.limit} OFFSET ${range.offset}) part
    CROSS JOIN LATERAL (SELECT a.id, a.type, a.key, a.updated_at FROM articles a WHERE a.id = part.id LIMIT 1) a
    ORDER BY part.id`);
  return entries(rows);
}

const isArticleFamily = (family: SitemapFamily): family is "blog" | "news" => family === "blog" || family === "news";

/** The entries of one sitemap file (part counts from 1); articles are paged in the query, the small families sliced. */
async function partEntries(db: Executor, family: SitemapFamily, lang: LangKey, part: number): Promise<SitemapEntry[]> {
  const offset = (part - 1) * MAX_URLS_PER_SITEMAP;
  if (isArticleFamily(family)) return articleEntries(db, family, lang, { limit: MAX_URLS_PER_SITEMAP, offset });
  return (await familyEntries(db, family, lang)).slice(offset, offset + MAX_URLS_PER_SITEMAP);
}

/**
 * The parts of a family's sitemap in a language with the newest lastmod of each. For articles,
 * counted and dated from articles_sitemap_idx alone, without building the entries.
 */
async function familyParts(db: Executor, family: SitemapFamily, lang: LangKey): Promise<{ part: number; lastmod: Date }[]> {
  if (isArticleFamily(family)) {
    const { rows } = await db.execute<{ part: number; lastmod: Date }>(sql`
      SELECT (n / ${MAX_URLS_PER_SITEMAP})::int + 1 AS part, max(lastmod) AS lastmod
      FROM (SELECT row_number() OVER (ORDER BY a.id) - 1 AS n, a.updated_at AS lastmod FROM articles a
            WHERE a.type = ${family} AND a.lang = ${lang} AND a.status = 'published' AND a.published_at <= now()) x
      GROUP BY 1 ORDER BY 1`);
    return rows.map((r) => ({ part: r.part, lastmod: new Date(r.lastmod) }));
  }
  const list = await familyEntries(db, family, lang);
  const parts: { part: number; lastmod: Date }[] = [];
  for (let part = 1; (part - 1) * MAX_URLS_PER_SITEMAP < list.length; part++) {
    const chunk = list.slice((part - 1) * MAX_URLS_PER_SITEMAP, part * MAX_URLS_PER_SITEMAP);
    parts.push({ part, lastmod: new Date(Math.max(...chunk.map((e) => e.lastmod.getTime()))) });
  }
  return parts;
}

/** The languages whose pages live on this host (the mainland-China host serves Chinese only). */
export function languagesOfHost(plan: HostPlan, host: string | undefined): LangKey[] {
  if (plan.zh && host === hostOf(plan.zh)) return ["zh"];
  return LANG_KEYS.filter((l) => originForLang(plan, l) === plan.en);
}

/** The configured origin a request's host stands for (unknown hosts: the English origin). */
export function originOfHost(plan: HostPlan, host: string | undefined): string {
  return plan.zh && host === hostOf(plan.zh) ? plan.zh : plan.en;
}

export function sitemapFileName(lang: LangKey, family: SitemapFamily, part: number): string {
  return `${lang}-${family}-${part}.xml`;
}

export function parseSitemapFileName(name: string): { lang: LangKey; family: SitemapFamily; part: number } | null {
  const match = /^([a-z]{2})-([a-z-]+)-([1-9]\d{0,4})\.xml$/.exec(name);
  if (!match || !isLangKey(match[1]!) || !(SITEMAP_FAMILIES as readonly string[]).includes(match[2]!)) return null;
  return { lang: match[1] as LangKey, family: match[2] as SitemapFamily, part: Number(match[3]) };
}

/** The sitemap index of a host: every non-empty (language, family, part) with its newest lastmod. */
export async function sitemapIndexXml(db: Executor, plan: HostPlan, host: string | undefined): Promise<string> {
  const origin = originOfHost(plan, host);
  const items: { url: string; lastmod: string }[] = [];
  for (const lang of languagesOfHost(plan, host)) {
    for (const family of SITEMAP_FAMILIES) {
      for (const { part, lastmod } of await familyParts(db, family, lang)) {
        items.push({ url: `${origin}/sitemaps/${sitemapFileName(lang, family, part)}`, lastmod: lastmod.toISOString() });
      }
    }
  }
  const stream = new SitemapIndexStream({ lastmodDateOnly: false });
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString();
}

/** One sitemap file, or null when this host does not serve that language or the part is past the end. */
export async function sitemapXml(
  db: Executor,
  plan: HostPlan,
  host: string | undefined,
  file: { lang: LangKey; family: SitemapFamily; part: number },
): Promise<string | null> {
  if (!languagesOfHost(plan, host).includes(file.lang)) return null;
  const chunk = await partEntries(db, file.family, file.lang, file.part);
  if (chunk.length === 0) return null;
  const stream = new SitemapStream({ hostname: originOfHost(plan, host), xmlns: { news: false, xhtml: true, image: false, video: false } });
  const urls = chunk.map((e) => {
    const links: { lang: string; url: string }[] = LANG_KEYS.filter((l) => e.alternates[l] !== undefined).map((l) => ({
      lang: getLanguage(l).tag,
      url: absoluteUrl(plan, l, e.alternates[l]!),
    }));
    if (e.alternates[DEFAULT_LANG] !== undefined) links.push({ lang: "x-default", url: absoluteUrl(plan, DEFAULT_LANG, e.alternates[DEFAULT_LANG]!) });
    return { url: absoluteUrl(plan, file.lang, e.path), lastmod: e.lastmod.toISOString(), links };
  });
  return (await streamToPromise(Readable.from(urls).pipe(stream))).toString();
}
