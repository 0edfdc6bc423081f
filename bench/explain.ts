/**
 * Every database query a public page or the public API makes, with its plan: the page loaders and
 * services run as they do for a visitor, over a database handle that records each statement they
 * send; each recorded statement is then run again under EXPLAIN (ANALYZE, FORMAT JSON), inside a
 * transaction that is rolled back (so writes such as a counted read leave nothing behind). One row
 * per distinct statement: which tables it touches, its plan in short, whether it reads a table that
 * grows with use sequentially, how many rows it reads from such tables, and its execution time.
 *
 * Meant for a database holding bench/large-data.ts's set (tests/system/query-plans.test.ts and
 * `npm run bench -- --large`). Standalone: `npx tsx bench/explain.ts [--seed]` against DATABASE_URL
 * or a scratch embedded PostgreSQL (--seed adds the large set first when it is missing).
 */
import type { AppLoadContext } from "react-router";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database } from "../server/db/client.server";
import * as schema from "../server/db/schema";
import { createLogger } from "../server/logger.server";
import { readThrough } from "../server/http/shared-data-cache.server";
import { getArticle, listArticleCategories, listArticleTags, listArticles, recordRead, relatedArticles } from "../server/services/articles.server";
import { loadArticleList, loadArticlePage } from "../server/pages/blog-pages.server";
import { loadBooking, loadPreSales } from "../server/pages/booking-pages.server";
import { listSlots, manageToken, todayInZone, addDays } from "../server/services/bookings.server";
import { listCategories } from "../server/services/categories.server";
import { listComments } from "../server/services/comments.server";
import { articleFeed, releaseFeed } from "../server/pages/feeds.server";
import { loadPartner, loadPartnerPlan, loadPartners, loadReferral, loadUseCase, loadUseCaseIndex } from "../server/pages/growth-pages.server";
import { loadHelpArticle, loadHelpCentre } from "../server/pages/help-pages.server";
import { docsPaths, helpVoteSummary, listHelpArticles, recordHelpView } from "../server/services/help.server";
import { llmsTxt, markdownVariant } from "../server/pages/machine-readers.server";
import { latestVersion } from "../server/services/releases.server";
import { loadAbout, loadDownload, loadFaq, loadHome, loadLinks, loadPricing, loadRelease, loadReleaseList } from "../server/pages/product-pages.server";
import { getBaseInfo } from "../server/services/site.server";
import { loadSearchPage } from "../server/pages/search-pages.server";
import { search } from "../server/services/search.server";
import { sitemapIndexXml, sitemapXml, SITEMAP_FAMILIES } from "../server/pages/sitemaps.server";
import { GROWING_TABLES, RARE_WORD } from "./large-data";

export interface QueryPlanRow {
  /** The page or endpoint, and the statement's place among those it sends (`blog list #2`). */
  name: string;
  /** Tables the plan reads or writes, in plan order. */
  tables: string[];
  /** The top node, then each scan: `Limit: Index Scan articles (articles_published_idx), …`. */
  plan: string;
  seqScanOnGrowingTable: boolean;
  /** Rows the plan read from growing tables (returned plus filtered out, all loops). */
  growingRowsRead: number;
  /** Execution time, the best of `repeat` runs after one warm-up. */
  ms: number;
  /** How many times the page sent this statement (the same text, other parameters count once). */
  calls: number;
  sql: string;
  /** With `text`: the whole plan as EXPLAIN (ANALYZE) prints it. */
  planText?: string;
}

export interface ExplainOptions {
  repeat?: number;
  /** Only cases whose name contains this. */
  only?: string;
  /** Also keep each plan as EXPLAIN's text (the standalone --text prints it). */
  text?: boolean;
}

type Recorded = { text: string; params: unknown[] };
export type Case = { name: string; run: (ctx: AppLoadContext) => Promise<unknown> };

/** A crawler's user agent: the loaders then count no read or view in the background (those are explained as cases of their own). */
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const ORIGIN = "http://127.0.0.1";
export const page = (path: string, headers: Record<string, string> = {}) => new Request(ORIGIN + path, { headers: { "user-agent": CRAWLER, ...headers } });

const GROWING = new Set<string>(GROWING_TABLES);

/** The ids and slugs the cases ask for: the busiest ones, as a visitor would most likely meet. */
export async function pickSubjects(db: Database) {
  const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => (await db.execute(query)).rows[0] as T;
  const article = await one<{ id: number; lang: "en" }>(sql`
    SELECT a.id, a.lang FROM articles a
    WHERE a.type = 'blog' AND a.lang = 'en' AND a.status = 'published' AND a.published_at <= now()
    ORDER BY (SELECT count(*) FROM comments c WHERE c.article_id = a.id) DESC, a.id LIMIT 1`);
  const category = await one<{ id: number; slug: string }>(sql`SELECT id, slug FROM categories WHERE type = 'blog' ORDER BY sort, id LIMIT 1`);
  // A tag page is a category's (/blog-{category}/{tag}, the only shape the site routes): its most used tag.
  const tag = await one<{ slug: string }>(sql`
    SELECT t.slug FROM tags t JOIN article_tags at ON at.tag_id = t.id JOIN articles a ON a.id = at.article_id
    WHERE a.type = 'blog' AND a.lang = 'en' AND a.category_id = ${category.id} GROUP BY t.slug ORDER BY count(*) DESC, t.slug LIMIT 1`);
  const help = await one<{ id: number; category: string }>(sql`
    SELECT h.id, c.slug AS category FROM help_articles h JOIN categories c ON c.id = h.category_id
    WHERE h.lang = 'en' AND h.status = 'published' ORDER BY (SELECT count(*) FROM help_votes v WHERE v.article_id = h.id) DESC, h.id LIMIT 1`);
  const helpWord = await one<{ word: string }>(sql`
    SELECT split_part(title, ' ', 1) AS word FROM help_articles WHERE lang = 'en' AND status = 'published' ORDER BY id LIMIT 1`);
  const release = await one<{ id: number } | undefined>(sql`SELECT id FROM releases ORDER BY released_at DESC, id DESC LIMIT 1`);
  const scenario = await one<{ slug: string } | undefined>(sql`SELECT slug FROM use_cases WHERE kind = 'scenario' ORDER BY sort LIMIT 1`);
  const solution = await one<{ slug: string } | undefined>(sql`SELECT slug FROM use_cases WHERE kind = 'solution' ORDER BY sort LIMIT 1`);
  const partner = await one<{ id: number; type: string; region: string } | undefined>(sql`
    SELECT p.id, pt.slug AS type, (SELECT r.slug FROM partner_region_links l JOIN partner_regions r ON r.id = l.region_id WHERE l.partner_id = p.id ORDER BY r.sort LIMIT 1) AS region
    FROM partners p JOIN partner_types pt ON pt.id = p.type_id WHERE p.status = 'published' ORDER BY p.sort, p.id LIMIT 1`);
  const booking = await one<{ id: number } | undefined>(sql`SELECT id FROM bookings ORDER BY id DESC LIMIT 1`);
  const listPages = await one<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM articles WHERE type = 'blog' AND lang = 'en' AND status = 'published' AND published_at <= now()`);
  return {
    article,
    tag,
    category,
    help,
    helpWord: helpWord.word,
    release,
    scenario,
    solution,
    partner,
    booking,
    deepPage: Math.max(1, Math.floor(listPages.n / 9 / 2)),
  };
}

function cases(s: Awaited<ReturnType<typeof pickSubjects>>, bookingToken: string | null): Case[] {
  const tz = "Asia/Shanghai";
  const from = todayInZone(tz);
  const list: Case[] = [
    { name: "root: base info", run: (c) => getBaseInfo(c.db, "en") },
    { name: "home", run: (c) => loadHome(c, "en") },
    { name: "blog list", run: (c) => loadArticleList(c, page("/blog"), { type: "blog", lang: "en" }) },
    { name: "blog list zh", run: (c) => loadArticleList(c, page("/zh/blog"), { type: "blog", lang: "zh" }) },
    { name: "blog list deep page", run: (c) => loadArticleList(c, page(`/blog?page=${s.deepPage}`), { type: "blog", lang: "en" }) },
    { name: "blog list category", run: (c) => loadArticleList(c, page(`/blog-${s.category.slug}`), { type: "blog", lang: "en", category: s.category.slug }) },
    {
      name: "blog list tag",
      run: (c) => loadArticleList(c, page(`/blog-${s.category.slug}/${s.tag.slug}`), { type: "blog", lang: "en", category: s.category.slug, tag: s.tag.slug }),
    },
    {
      name: "blog list tag page 2",
      run: (c) =>
        loadArticleList(c, page(`/blog-${s.category.slug}/${s.tag.slug}?page=2`), { type: "blog", lang: "en", category: s.category.slug, tag: s.tag.slug }),
    },
    { name: "blog search", run: (c) => loadArticleList(c, page(`/blog?keyword=${RARE_WORD}`), { type: "blog", lang: "en" }) },
    { name: "blog search zh", run: (c) => loadArticleList(c, page(`/zh/blog?keyword=${encodeURIComponent("多账号")}`), { type: "blog", lang: "zh" }) },
    { name: "news list", run: (c) => loadArticleList(c, page("/news"), { type: "news", lang: "en" }) },
    { name: "article", run: (c) => loadArticlePage(c, page(`/blog/${s.article.id}`), { type: "blog", lang: "en", id: String(s.article.id) }) },
    { name: "article read", run: (c) => recordRead(c.db, s.article.id, "bench-visitor") },
    { name: "api article", run: (c) => getArticle(c.db, s.article.id) },
    { name: "api related", run: (c) => relatedArticles(c.db, s.article.id, 12) },
    { name: "api comments popular p2", run: (c) => listComments(c.db, s.article.id, { page: 2, pageSize: 10, sort: "popular" }) },
    { name: "api article list", run: (c) => listArticles(c.db, { type: "blog", lang: "en", page: 1, pageSize: 10 }) },
    { name: "api article tags", run: (c) => listArticleTags(c.db, "blog", "en") },
    { name: "api article tags category", run: (c) => listArticleTags(c.db, "blog", "en", s.category.slug) },
    { name: "api article categories", run: (c) => listArticleCategories(c.db, "news", "en") },
    { name: "api categories help", run: async (c) => [await listCategories(c.db, "help", "en"), await docsPaths(c.db, "en")] },
    { name: "help centre", run: (c) => loadHelpCentre(c, page("/helps"), "en") },
    { name: "help category", run: (c) => loadHelpCentre(c, page(`/helps?category=${s.help.category}`), "en") },
    { name: "help search", run: (c) => loadHelpCentre(c, page(`/helps?keyword=${encodeURIComponent(s.helpWord)}`), "en") },
    { name: "help article", run: (c) => loadHelpArticle(c, { lang: "en", id: String(s.help.id) }) },
    // The site search (docs/decisions/0030): a common word, two words, a typo, CJK, a fallback, one kind.
    { name: "site search", run: (c) => loadSearchPage(c, page("/search?q=proxy"), "en") },
    { name: "site search two words", run: (c) => loadSearchPage(c, page("/search?q=canvas+timezone"), "en") },
    { name: "site search typo", run: (c) => loadSearchPage(c, page("/search?q=fingerprnt"), "en") },
    { name: "site search zh", run: (c) => loadSearchPage(c, page(`/zh/search?q=${encodeURIComponent("代理IP")}`), "zh") },
    { name: "site search th fallback", run: (c) => loadSearchPage(c, page(`/th/search?q=${RARE_WORD}`), "th") },
    { name: "api search one kind", run: (c) => search(c.db, { q: "profile", lang: "ru", kinds: ["blog"], page: 2, pageSize: 12 }) },
    { name: "help view", run: (c) => recordHelpView(c.db, s.help.id, "bench-visitor") },
    { name: "help votes", run: (c) => helpVoteSummary(c.db, s.help.id, "bench-voter") },
    { name: "api help list popular", run: (c) => listHelpArticles(c.db, { lang: "en", sort: "popular", page: 2, pageSize: 10 }) },
    { name: "pricing", run: (c) => loadPricing(c, page("/Pricing"), "en") },
    { name: "download", run: (c) => loadDownload(c, "en") },
    { name: "api latest version", run: (c) => latestVersion(c.db, { system: "win64", lang: "en", downloadBase: "/downloads" }) },
    { name: "release list", run: (c) => loadReleaseList(c, page("/release"), "en") },
    { name: "faq", run: (c) => loadFaq(c, "en") },
    { name: "about", run: (c) => loadAbout(c, "en") },
    { name: "links", run: (c) => loadLinks(c, "en") },
    { name: "use cases", run: (c) => loadUseCaseIndex(c, "en") },
    { name: "partners", run: (c) => loadPartners(c, page("/partner"), "en") },
    { name: "partner plan", run: (c) => loadPartnerPlan(c, "en") },
    { name: "referral", run: (c) => loadReferral(c, "en") },
    { name: "pre-sales", run: (c) => loadPreSales(c, "en") },
    { name: "api pre-sales slots", run: (c) => listSlots(c.db, { from, to: addDays(from, 30), timeZone: tz }) },
    { name: "feed blog", run: (c) => articleFeed(c, "en", "blog", "rss") },
    { name: "feed release", run: (c) => releaseFeed(c, "en", "atom") },
    { name: "markdown article", run: (c) => markdownVariant(c.db, c.hostPlan, { lang: "en", host: undefined, kind: "blog", id: s.article.id }) },
    { name: "llms.txt", run: (c) => llmsTxt(c.db, c.hostPlan, undefined) },
    { name: "sitemap index", run: (c) => sitemapIndexXml(c.db, c.hostPlan, undefined) },
    ...SITEMAP_FAMILIES.map((family): Case => ({
      name: `sitemap ${family}`,
      run: (c) => sitemapXml(c.db, c.hostPlan, undefined, { lang: "en", family, part: 1 }),
    })),
    { name: "sitemap blog part 2", run: (c) => sitemapXml(c.db, c.hostPlan, undefined, { lang: "en", family: "blog", part: 2 }) },
  ];
  if (s.release) list.push({ name: "release", run: (c) => loadRelease(c, "en", String(s.release!.id)) });
  if (s.scenario) list.push({ name: "use case", run: (c) => loadUseCase(c, "en", s.scenario!.slug, "scenario") });
  if (s.solution) list.push({ name: "solution", run: (c) => loadUseCase(c, "en", s.solution!.slug, "solution") });
  if (s.partner) {
    list.push({ name: "partner", run: (c) => loadPartner(c, "en", String(s.partner!.id)) });
    list.push({ name: "partners filtered", run: (c) => loadPartners(c, page(`/partner?type=${s.partner!.type}&region=${s.partner!.region}`), "en") });
  }
  if (s.booking && bookingToken) {
    list.push({
      name: "pre-sales booking",
      run: (c) =>
        loadBooking(c, page(`/pre-sales/booking/${s.booking!.id}?token=${encodeURIComponent(bookingToken)}`), { lang: "en", id: String(s.booking!.id) }),
    });
  }
  return list;
}

/** A drizzle handle over the same pool that notes every statement it sends. */
export function recordingDatabase(db: Database, into: Recorded[]): Database {
  const client = (db as Database & { $client: pg.Pool }).$client;
  return drizzle(client, { schema, logger: { logQuery: (text, params) => into.push({ text, params }) } }) as unknown as Database;
}

export function context(db: Database): AppLoadContext {
  return {
    db,
    logger: createLogger("silent"),
    requestId: "explain",
    hostPlan: { en: ORIGIN },
    host: undefined,
    clientIp: "127.0.0.1",
    cspNonce: "explain",
    businessTimeZone: "Asia/Shanghai",
    downloadBaseUrl: "/downloads",
    releaseSigningKey: null,
    officialChannels: {
      SITE_MODE: "development",
      SITE_ORIGIN: ORIGIN,
      LANGUAGE_HOSTS: undefined,
      DOWNLOAD_BASE_URL: "/downloads",
      CHAT_HUANXIN_SCRIPT: "https://kefu.easemob.com/webim/easemob.js",
    },
    defaultLang: "en",
    oneTap: false,
    accountUrls: { signIn: "https://app.example/login", signUp: "https://app.example/register" },
    preview: false,
    staff: null,
    pageTags: new Set(),
    pageHtml: null,
    http: null,
    shared: readThrough,
  };
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (n: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** The plan in short: the top node, then each scan with its relation and index. */
function summarise(root: PlanNode) {
  const scans: string[] = [];
  const tables: string[] = [];
  let seqScanOnGrowingTable = false;
  let growingRowsRead = 0;
  walk(root, (n) => {
    const rel = n["Relation Name"];
    if (!rel) return;
    if (!tables.includes(rel)) tables.push(rel);
    const type = n["Node Type"];
    // A bitmap heap scan names no index itself: the bitmap index scans beneath it do.
    const indexes: string[] = [];
    if (n["Index Name"]) indexes.push(n["Index Name"]);
    else if (type === "Bitmap Heap Scan")
      walk(n, (b) => {
        if (b["Node Type"] === "Bitmap Index Scan" && b["Index Name"]) indexes.push(b["Index Name"]);
      });
    scans.push(`${type} ${rel}${indexes.length ? ` (${indexes.join(" + ")})` : ""}`);
    if (GROWING.has(rel)) {
      if (type === "Seq Scan" || type === "Parallel Seq Scan" || type === "Tid Range Scan") seqScanOnGrowingTable = true;
      const perLoop = (n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0) + (n["Rows Removed by Index Recheck"] ?? 0);
      if (/Scan/.test(type)) growingRowsRead += perLoop * (n["Actual Loops"] ?? 1);
    }
  });
  const distinct = [...new Set(scans)];
  return { plan: `${root["Node Type"]}: ${distinct.join(", ")}`, tables, seqScanOnGrowingTable, growingRowsRead: Math.round(growingRowsRead) };
}

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set )/i;

async function explainOne(pool: pg.Pool, q: Recorded, repeat: number, text = false) {
  const client = await pool.connect();
  try {
    let best = Infinity;
    let plan: { Plan: PlanNode; "Execution Time": number } | undefined;
    for (let i = 0; i <= repeat; i++) {
      await client.query("BEGIN");
      try {
        const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`,
          q.params,
        );
        const result = rows[0]!["QUERY PLAN"][0];
        // The first run warms the cache and the rest are timed; with repeat 0 the one run is all there is.
        if ((i > 0 || repeat === 0) && result["Execution Time"] < best) best = result["Execution Time"];
        plan = result;
      } finally {
        await client.query("ROLLBACK");
      }
    }
    let planText: string | undefined;
    if (text) {
      await client.query("BEGIN");
      try {
        const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.params);
        planText = rows.map((r) => r["QUERY PLAN"]).join("\n");
      } finally {
        await client.query("ROLLBACK");
      }
    }
    return { ...summarise(plan!.Plan), ms: Math.round(best * 1000) / 1000, planText };
  } finally {
    client.release();
  }
}

/** One statement explained the same way (tests use it to show that a sequential scan is noticed). */
export async function explainStatement(db: Database, name: string, text: string, params: unknown[] = [], repeat = 0): Promise<QueryPlanRow> {
  const pool = (db as Database & { $client: pg.Pool }).$client;
  return { name, ...(await explainOne(pool, { text, params }, repeat)), calls: 1, sql: text };
}

export async function explainPageQueries(db: Database, options: ExplainOptions = {}): Promise<QueryPlanRow[]> {
  const subjects = await pickSubjects(db);
  const token = subjects.booking ? await manageToken(db, subjects.booking.id) : null;
  const rows: QueryPlanRow[] = [];
  for (const c of cases(subjects, token)) {
    if (options.only && !c.name.includes(options.only)) continue;
    rows.push(...(await explainCase(db, c, options)));
  }
  return rows;
}

/** One case (a page's loader, an endpoint's service) run over a recording handle, and each distinct statement it sent explained. */
export async function explainCase(db: Database, c: Case, options: ExplainOptions = {}): Promise<QueryPlanRow[]> {
  const repeat = options.repeat ?? 3;
  const pool = (db as Database & { $client: pg.Pool }).$client;
  const rows: QueryPlanRow[] = [];
  const recorded: Recorded[] = [];
  try {
    await c.run(context(recordingDatabase(db, recorded)));
  } catch (err) {
    // A loader answers 404 or redirects by throwing: a case that does is mis-aimed, never explained half-way.
    throw new Error(`explaining "${c.name}": the page did not load (${err instanceof Error ? err.message : JSON.stringify(err)})`);
  }
  const distinct = new Map<string, { q: Recorded; calls: number }>();
  for (const q of recorded) {
    if (CONTROL.test(q.text)) continue;
    const seen = distinct.get(q.text);
    if (seen) seen.calls++;
    else distinct.set(q.text, { q, calls: 1 });
  }
  let i = 0;
  for (const { q, calls } of distinct.values()) {
    i++;
    const explained = await explainOne(pool, q, repeat, options.text);
    rows.push({ name: distinct.size > 1 ? `${c.name} #${i}` : c.name, ...explained, calls, sql: q.text.replace(/\s+/g, " ").trim() });
  }
  return rows;
}

// ---- standalone ----------------------------------------------------------------------------

if (import.meta.url === `file://${process.argv[1]}`) {
  const { withBenchDatabase } = await import("./scratch-database");
  const { seedLargeData } = await import("./large-data");
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
  await withBenchDatabase("large-data", async (db) => {
    if (process.argv.includes("--seed")) await seedLargeData(db, { bodies: "demo" });
    const text = process.argv.includes("--text");
    const rows = await explainPageQueries(db, { only, text });
    const width = Math.max(...rows.map((r) => r.name.length));
    for (const r of rows) {
      console.log(
        `${r.seqScanOnGrowingTable ? "SEQ " : "    "}${r.name.padEnd(width)} ${r.ms.toFixed(2).padStart(8)} ms ${String(r.growingRowsRead).padStart(7)} rows${r.calls > 1 ? ` x${r.calls}` : ""}  ${r.plan}`,
      );
    }
    if (text) for (const r of rows) console.log(`\n== ${r.name}\n${r.sql}\n${r.planText}`);
    const seq = rows.filter((r) => r.seqScanOnGrowingTable).length;
    console.log(`\n${rows.length} statements, ${seq} with a sequential scan on a growing table, ${rows.reduce((t, r) => t + r.ms, 0).toFixed(1)} ms in all`);
    if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 2));
  });
}
