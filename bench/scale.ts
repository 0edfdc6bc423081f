/**
 * Issue 30, target 4, "nothing grows with the data": each page type's PostgreSQL time per view on
 * the demo content and on the large set (bench/large-data.ts, 100,000 rows per growing table), in
 * the same run and the same PostgreSQL server, with the ratio (target <= 1.2x), and the plan of
 * every statement the page sends on the large set (docs/decisions/0037).
 *
 * How it measures: one embedded PostgreSQL (.tmp/bench-large, shared with `npm run bench -- --large`)
 * holds two databases, `demo` (the demo content) and `site` (the demo content plus the large set),
 * both vacuumed and analysed. pg_stat_statements (with track_planning) is loaded into it. A view
 * runs the page's real loader, as a cache miss does: over one connection, with the loaders' own
 * prepared statements, reading shared reference data from the database each time (no per-process
 * cache). Per round and database, each page is loaded WARMUP times (prepared statements move to
 * their generic plan after five), the statistics of that database are reset, the page is loaded
 * VIEWS times, and the database's summed execution and planning time over VIEWS is the time per
 * view. Rounds alternate which database goes first; the median of the rounds is reported. What a
 * view costs in the browser's beacons (a counted read, a help view) is measured as rows of its own.
 *
 * Standalone: `npx tsx bench/scale.ts [--rounds N] [--views N] [--only=article]` (seeds on first use, about a minute).
 */
import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { sql } from "drizzle-orm";
import pg from "pg";
import { connectDatabase, runMigrations, type DatabaseHandle } from "../server/db/client.server";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../server/db/embedded-postgres.server";
import { createLogger } from "../server/logger.server";
import { seedDatabase } from "../server/seed/seed.server";
import { getBaseInfo } from "../server/services/site.server";
import { recordRead } from "../server/services/articles.server";
import { helpVoteSummary, listHelpFeedback, recordHelpView } from "../server/services/help.server";
import { commentedArticles, listComments, listStaffComments } from "../server/services/comments.server";
import { listSearchMisses } from "../server/services/search.server";
import { auditFacets, listAudit } from "../server/services/staff.server";
import { listVisitorMessages, visitorMessageCounts } from "../server/services/chat.server";
import { partnerApplicationCounts } from "../server/services/partners.server";
import { usageReport } from "../server/services/usage.server";
import { dashboardCounts } from "../server/pages/staff-dashboard.server";
import { loadArticleList, loadArticlePage } from "../server/pages/blog-pages.server";
import { loadPreSales, loadStaffBookings } from "../server/pages/booking-pages.server";
import { loadPartners, loadUseCase, loadUseCaseIndex } from "../server/pages/growth-pages.server";
import { loadHelpArticle, loadHelpCentre } from "../server/pages/help-pages.server";
import { loadDownload, loadHome, loadPricing } from "../server/pages/product-pages.server";
import { loadSearchPage } from "../server/pages/search-pages.server";
import { context, explainCase, page, pickSubjects, type Case } from "./explain";
import { seedLargeData } from "./large-data";

/** The most a page type's time per view may grow from the demo content to the large set. */
export const SCALE_TARGET = 1.2;

export interface ScaleRow {
  page: string;
  demoMs: number;
  largeMs: number;
  ratio: number;
  /** Statements per view (demo, large). */
  statements: [number, number];
  /** Shared buffers (8 kB pages) read or found in memory per view (demo, large): the work done, free of the machine's noise. */
  buffers: [number, number];
  /** For list pages, the items shown (cards, latest, tags) on each (demo, large). */
  shown: [number | null, number | null];
  /** Each statement's plan on the large set, in short (node types, tables, indexes). */
  plans: string[];
  seqScans: number;
  /** Each round's time per view (demo, large), to see the spread. */
  rounds: [number, number][];
  /** Of the median round's time, planning (demo, large): a statement planned on every view instead of once. */
  planMs: [number, number];
}

type Subjects = Awaited<ReturnType<typeof pickSubjects>>;
type View = { name: string; run: (ctx: AppLoadContext, s: Subjects, view: number) => Promise<unknown> };

/**
 * What a list page shows (cards, the latest five, tags), so a ratio can be read against it: the
 * demo's lists are short (12 English blog pieces), and a page that shows 3 cards there shows 9 at
 * 100,000 rows. Null for the other pages.
 */
function itemsShown(result: unknown): number | null {
  const r = result as { kind?: string; result?: { list: unknown[] }; latest?: unknown[]; tags?: unknown[]; untranslated?: unknown[] } | null;
  if (r?.kind !== "list" || !r.result) return null;
  return r.result.list.length + (r.latest?.length ?? 0) + (r.tags?.length ?? 0) + (r.untranslated?.length ?? 0);
}

/** The page types of issue 30 (and the variants whose cost could grow: a category, a tag, news, comments), plus the beacons a view sends. */
const VIEWS: View[] = [
  { name: "root (shell: base info)", run: (c) => getBaseInfo(c.db, "en") },
  { name: "home", run: (c) => loadHome(c, "en") },
  { name: "blog list", run: (c) => loadArticleList(c, page("/blog"), { type: "blog", lang: "en" }) },
  { name: "blog list page 2", run: (c) => loadArticleList(c, page("/blog?page=2"), { type: "blog", lang: "en" }) },
  {
    name: "blog list category",
    run: (c, s) => loadArticleList(c, page(`/blog-${s.category.slug}`), { type: "blog", lang: "en", category: s.category.slug }),
  },
  {
    name: "blog list tag",
    run: (c, s) => loadArticleList(c, page(`/blog-${s.category.slug}/${s.tag.slug}`), { type: "blog", lang: "en", category: s.category.slug, tag: s.tag.slug }),
  },
  { name: "news list", run: (c) => loadArticleList(c, page("/news"), { type: "news", lang: "en" }) },
  { name: "article", run: (c, s) => loadArticlePage(c, page(`/blog/${s.article.id}`), { type: "blog", lang: "en", id: String(s.article.id) }) },
  { name: "article: comments page 2", run: (c, s) => listComments(c.db, s.article.id, { page: 2, pageSize: 5, sort: "latest" }) },
  // A new visitor's read each time (the beacon counts one per visitor and day).
  { name: "article: read beacon", run: (c, s, i) => recordRead(c.db, s.article.id, `scale-${process.pid}-${Date.now()}-${i}`) },
  { name: "help list", run: (c) => loadHelpCentre(c, page("/helps"), "en") },
  { name: "help article", run: (c, s) => loadHelpArticle(c, { lang: "en", id: String(s.help.id) }) },
  {
    name: "help article: view beacon",
    run: async (c, s, i) => [
      await recordHelpView(c.db, s.help.id, `scale-${process.pid}-${Date.now()}-${i}`),
      await helpVoteSummary(c.db, s.help.id, "scale-voter"),
    ],
  },
  { name: "pricing", run: (c) => loadPricing(c, page("/Pricing"), "en") },
  { name: "download", run: (c) => loadDownload(c, "en") },
  { name: "pre-sales", run: (c) => loadPreSales(c, "en") },
  { name: "search", run: (c) => loadSearchPage(c, page("/search?q=proxy"), "en") },
  { name: "search zh", run: (c) => loadSearchPage(c, page(`/zh/search?q=${encodeURIComponent("多账号")}`), "zh") },
  // Two words, few titles with both: the first page already reads, classes and ranks the other matches.
  { name: "search two words", run: (c) => loadSearchPage(c, page("/search?q=browser+fingerprint"), "en") },
  { name: "use cases", run: (c) => loadUseCaseIndex(c, "en") },
  { name: "use case", run: (c, s) => loadUseCase(c, "en", s.scenario!.slug, "scenario") },
  { name: "partners", run: (c) => loadPartners(c, page("/partner"), "en") },
  // The staff area's first pages, as their loaders (app/routes/admin/*) call them: the tables that grow with
  // use (comments, votes, bookings, events, messages) are listed there, a page at a time.
  { name: "staff: dashboard", run: (c) => dashboardCounts(c.db, "admin", c.businessTimeZone) },
  { name: "staff: bookings calendar", run: (c) => loadStaffBookings(c, new Request("http://localhost/admin/bookings")) },
  { name: "staff: bookings list", run: (c) => loadStaffBookings(c, new Request("http://localhost/admin/bookings?view=list")) },
  {
    name: "staff: comments",
    run: async (c) => [await listStaffComments(c.db, { filter: "all", page: 1, pageSize: 20 }), await commentedArticles(c.db)],
  },
  {
    name: "staff: feedback",
    run: async (c) => [
      await listHelpFeedback(c.db, { sort: "unsolved", page: 1, pageSize: 10 }),
      await listSearchMisses(c.db, { sort: "count", page: 1, pageSize: 20 }),
    ],
  },
  { name: "staff: usage", run: (c) => usageReport(c.db, 30) },
  { name: "staff: audit", run: async (c) => [await listAudit(c.db, { page: 1, pageSize: 25 }), await auditFacets(c.db)] },
  {
    name: "staff: inbox",
    run: async (c) => [
      await visitorMessageCounts(c.db),
      await partnerApplicationCounts(c.db),
      await listVisitorMessages(c.db, { status: "new", page: 1, pageSize: 20 }),
    ],
  },
];

export interface ScaleOptions {
  rounds?: number;
  warmup?: number;
  views?: number;
  only?: string;
  log?: (line: string) => void;
}

interface Measured {
  name: string;
  handle: DatabaseHandle;
  dbid: number;
  subjects: Subjects;
}

/** One embedded PostgreSQL with pg_stat_statements, holding the demo and the large database. */
export async function withScaleDatabases<T>(work: (demo: DatabaseHandle, large: DatabaseHandle, admin: pg.Client) => Promise<T>): Promise<T> {
  const logger = createLogger("warn");
  const dataDir = path.resolve(".tmp", "bench-large");
  let embedded: EmbeddedPostgres = await startEmbeddedPostgres(dataDir, logger);
  const adminUrl = (url: string) => Object.assign(new URL(url), { pathname: "/postgres" }).toString();
  let admin = new pg.Client({ connectionString: adminUrl(embedded.url) });
  await admin.connect();
  const handles: DatabaseHandle[] = [];
  try {
    const { rows } = await admin.query<{ libs: string }>("SELECT current_setting('shared_preload_libraries') AS libs");
    if (!rows[0]!.libs.includes("pg_stat_statements")) {
      // Kept in this scratch cluster's postgresql.auto.conf; loading a library needs a restart.
      await admin.query("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
      await admin.query("ALTER SYSTEM SET pg_stat_statements.track_planning = on");
      await admin.end();
      await embedded.stop();
      embedded = await startEmbeddedPostgres(dataDir, logger);
      admin = new pg.Client({ connectionString: adminUrl(embedded.url) });
      await admin.connect();
    }
    await admin.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'demo'");
    if (!exists.rowCount) await admin.query("CREATE DATABASE demo");
    const open = async (database: string) => {
      const url = Object.assign(new URL(embedded.url), { pathname: `/${database}` }).toString();
      const bulk = connectDatabase(url, logger, { poolMax: 2, statementTimeoutMs: 0 });
      try {
        await runMigrations(bulk, logger);
        await bulk.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
        const { rows: n } = await bulk.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM languages`);
        if (n[0]!.n === 0) {
          await seedDatabase(bulk.db, logger, { downloadsDir: path.join(dataDir, "downloads") });
          if (database === "demo") await bulk.db.execute(sql`VACUUM (ANALYZE)`);
        }
        if (database === "site") await seedLargeData(bulk.db, { bodies: "demo" });
      } finally {
        await bulk.close();
      }
      // One connection, as one render's statements go one after another; the site's own time limits.
      const handle = connectDatabase(url, logger, { poolMax: 1 });
      handles.push(handle);
      return handle;
    };
    const demo = await open("demo");
    const large = await open("site");
    return await work(demo, large, admin);
  } finally {
    for (const h of handles) await h.close();
    await admin.end().catch(() => undefined);
    await embedded.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function timePerView(
  admin: pg.Client,
  m: Measured,
  view: View,
  warmup: number,
  views: number,
): Promise<{ ms: number; planMs: number; buffers: number; statements: number; shown: number | null }> {
  const ctx = context(m.handle.db);
  let shown: number | null = null;
  for (let i = 0; i < warmup; i++) shown = itemsShown(await view.run(ctx, m.subjects, i));
  await admin.query("SELECT pg_stat_statements_reset(0, $1::oid, 0)", [m.dbid]);
  for (let i = 0; i < views; i++) await view.run(ctx, m.subjects, warmup + i);
  const { rows } = await admin.query<{ ms: number; plan: number; buffers: number; calls: number }>(
    `SELECT COALESCE(sum(total_exec_time + total_plan_time), 0)::float8 AS ms, COALESCE(sum(total_plan_time), 0)::float8 AS plan,
            COALESCE(sum(shared_blks_hit + shared_blks_read), 0)::float8 AS buffers, COALESCE(sum(calls), 0)::int AS calls
     FROM pg_stat_statements WHERE dbid = $1 AND query NOT ILIKE '%pg_stat_statements%'`,
    [m.dbid],
  );
  return { ms: rows[0]!.ms / views, planMs: rows[0]!.plan / views, buffers: rows[0]!.buffers / views, statements: rows[0]!.calls / views, shown };
}

export async function measureScale(demo: DatabaseHandle, large: DatabaseHandle, admin: pg.Client, options: ScaleOptions = {}): Promise<ScaleRow[]> {
  const { rounds = 5, warmup = 8, views = 20, only, log = () => {} } = options;
  const dbid = async (h: DatabaseHandle) =>
    (await h.db.execute<{ oid: number }>(sql`SELECT oid::int AS oid FROM pg_database WHERE datname = current_database()`)).rows[0]!.oid;
  const sides: Measured[] = [];
  for (const [name, handle] of [
    ["demo", demo],
    ["large", large],
  ] as const) {
    sides.push({ name, handle, dbid: await dbid(handle), subjects: await pickSubjects(handle.db) });
  }
  const list = VIEWS.filter((v) => !only || v.name.includes(only));
  const times = new Map<
    string,
    {
      demo: number[];
      large: number[];
      plan: { demo: number[]; large: number[] };
      statements: [number, number];
      buffers: [number, number];
      shown: [number | null, number | null];
    }
  >();
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? sides : [...sides].reverse();
    for (const view of list) {
      const entry = times.get(view.name) ?? {
        demo: [],
        large: [],
        plan: { demo: [], large: [] },
        statements: [0, 0] as [number, number],
        buffers: [0, 0] as [number, number],
        shown: [null, null] as [number | null, number | null],
      };
      for (const side of order) {
        const t = await timePerView(admin, side, view, warmup, views);
        entry[side.name as "demo" | "large"].push(t.ms);
        entry.plan[side.name as "demo" | "large"].push(t.planMs);
        entry.statements[side.name === "demo" ? 0 : 1] = t.statements;
        entry.buffers[side.name === "demo" ? 0 : 1] = t.buffers;
        entry.shown[side.name === "demo" ? 0 : 1] = t.shown;
      }
      times.set(view.name, entry);
    }
    log(`  round ${r + 1} of ${rounds} done (load ${loadAverage()})`);
  }
  const rows: ScaleRow[] = [];
  for (const view of list) {
    const t = times.get(view.name)!;
    const explained = await explainCase(large.db, { name: view.name, run: (ctx) => view.run(ctx, sides[1]!.subjects, 0) } satisfies Case, { repeat: 0 });
    const demoMs = median(t.demo);
    const largeMs = median(t.large);
    rows.push({
      page: view.name,
      demoMs,
      largeMs,
      ratio: largeMs / demoMs,
      statements: t.statements,
      buffers: t.buffers,
      shown: t.shown,
      plans: explained.map((e) => e.plan),
      seqScans: explained.filter((e) => e.seqScanOnGrowingTable).length,
      rounds: t.demo.map((d, i) => [d, t.large[i]!]),
      planMs: [median(t.plan.demo), median(t.plan.large)],
    });
  }
  return rows;
}

export function loadAverage(): string {
  try {
    return fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

export function scaleTable(rows: ScaleRow[], withPlans = true): string {
  const lines = [
    `| page type | demo ms/view | 100k ms/view | ratio | <= ${SCALE_TARGET}x | of which planning | buffers/view | items shown | statements | seq scans |`,
    `|---|---|---|---|---|---|---|---|---|---|`,
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.demoMs.toFixed(3)} | ${r.largeMs.toFixed(3)} | ${r.ratio.toFixed(2)} | ${r.ratio <= SCALE_TARGET ? "pass" : "FAIL"} | ${r.planMs.map((x) => x.toFixed(3)).join(" / ")} | ${r.buffers.map((x) => Math.round(x)).join(" / ")} | ${r.shown[0] === null ? "" : r.shown.join(" / ")} | ${r.statements.join(" / ")} | ${r.seqScans} |`,
    ),
  ];
  if (withPlans) {
    lines.push("", "Plans on the large set (each statement of the page: node types, tables, indexes):", "");
    for (const r of rows) for (const [i, p] of r.plans.entries()) lines.push(`- ${r.page}${r.plans.length > 1 ? ` #${i + 1}` : ""}: ${p}`);
  }
  return lines.join("\n");
}

// ---- standalone ----------------------------------------------------------------------------

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : Number(args[at + 1]);
  };
  const only = args.find((a) => a.startsWith("--only="))?.slice(7);
  console.log(`load before: ${loadAverage()}`);
  await withScaleDatabases(async (demo, large, admin) => {
    if (args.includes("--explain")) {
      // EXPLAIN (ANALYZE, BUFFERS) of each statement of the chosen pages, on each database.
      for (const [name, handle] of [
        ["demo", demo],
        ["large", large],
      ] as const) {
        const subjects = await pickSubjects(handle.db);
        for (const view of VIEWS.filter((v) => !only || v.name.includes(only))) {
          for (const r of await explainCase(handle.db, { name: view.name, run: (ctx) => view.run(ctx, subjects, 0) }, { repeat: 1, text: true })) {
            console.log(`\n== ${name}: ${r.name} (${r.ms} ms, ${r.growingRowsRead} rows from growing tables)\n${r.sql}\n${r.planText}`);
          }
        }
      }
      return;
    }
    const rows = await measureScale(demo, large, admin, { rounds: option("--rounds"), views: option("--views"), only, log: console.log });
    console.log(`\n${scaleTable(rows)}`);
    if (args.includes("--statements")) {
      // The last round's statements of the last page measured, per database: where the time goes.
      const { rows: st } = await admin.query<{ datname: string; calls: number; exec: number; plan: number; query: string }>(
        `SELECT d.datname, s.calls::int, (s.total_exec_time / s.calls)::float8 AS exec, (s.total_plan_time / s.calls)::float8 AS plan, left(regexp_replace(s.query, '\\s+', ' ', 'g'), 160) AS query
         FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname IN ('demo', 'site') ORDER BY s.total_exec_time + s.total_plan_time DESC LIMIT 30`,
      );
      for (const x of st) console.log(`${x.datname.padEnd(5)} ${String(x.calls).padStart(4)} exec ${x.exec.toFixed(3)} plan ${x.plan.toFixed(3)}  ${x.query}`);
    }
    if (args.includes("--rounds-detail")) for (const r of rows) console.log(r.page, r.rounds.map(([d, l]) => `${d.toFixed(3)}/${l.toFixed(3)}`).join(" "));
  });
  console.log(`load after: ${loadAverage()}`);
  process.exit(0);
}
