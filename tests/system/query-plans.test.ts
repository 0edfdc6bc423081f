/**
 * Every query a public page or the public API makes (bench/explain.ts runs the real loaders and
 * services and EXPLAINs what they send), on a database holding the large set (bench/large-data.ts).
 * None may read a table that grows with use sequentially, and the pages that show a handful of
 * things may read only a bounded number of rows: no list, count or related-articles query that
 * walks every article. Times are the bench's business, not asserted here. docs/decisions/0022.
 *
 * Half the 100,000 rows per table, so the file runs in about 25 s on the 2 shared cores; the
 * plans are the same at 100,000 (`npx tsx bench/explain.ts --seed`, `npm run bench -- --large`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explainPageQueries, explainStatement, type QueryPlanRow } from "../../bench/explain";
import { GROWING_TABLES, seedLargeData, type LargeDataSummary } from "../../bench/large-data";
import { connectDatabase, type DatabaseHandle } from "../../server/db/client.server";
import { createLogger } from "../../server/logger.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

const ROWS = 50_000;
/** Rows a page that shows a handful of things may read from growing tables in one statement. */
const BOUNDED_READ = 5_000;
/** Statements whose reads grow with the data by their nature: a search counts its matches, a deep page skips its offset, sitemaps list everything. */
const UNBOUNDED = /deep page|search|sitemap/;

let database: TestDatabase;
let bulk: DatabaseHandle;
let seeded: LargeDataSummary;
let plans: QueryPlanRow[];

beforeAll(async () => {
  database = await createTestDatabase();
  // Seeding runs statements far longer than a request may: a handle without the time limits.
  bulk = connectDatabase(database.url, createLogger("silent"), { poolMax: 2, statementTimeoutMs: 0 });
  seeded = await seedLargeData(bulk.db, { rows: ROWS });
  plans = await explainPageQueries(bulk.db, { repeat: 0 });
}, 300_000);

afterAll(async () => {
  await bulk?.close();
  await database?.drop();
});

const offenders = (rows: QueryPlanRow[]) => rows.map((r) => `${r.name}: ${r.plan} (${r.growingRowsRead} rows)\n  ${r.sql}`);

describe("page queries on the large data set", () => {
  it("runs on the large set", () => {
    expect(seeded.seeded).toBe(true);
    for (const table of ["articles", "comments", "article_reads", "usage_events", "help_votes", "search_misses", "bookings"] as const) {
      expect(seeded.counts[table], table).toBeGreaterThanOrEqual(ROWS * 0.95);
    }
    // The search index has a row per article (and the demo content's other kinds).
    expect(seeded.counts.search_documents).toBeGreaterThanOrEqual(seeded.counts.articles!);
    expect(Object.keys(seeded.counts).sort()).toEqual([...GROWING_TABLES].sort());
  });

  it("explains every public page and the endpoints behind them", () => {
    const pages = new Set(plans.map((p) => p.name.replace(/ #\d+$/, "")));
    for (const page of [
      "root: base info",
      "home",
      "blog list",
      "blog list category",
      "blog list tag",
      "blog search",
      "news list",
      "article",
      "api related",
      "api comments popular p2",
      "api article tags",
      "help centre",
      "help category",
      "help search",
      "site search",
      "site search two words",
      "site search typo",
      "site search zh",
      "site search th fallback",
      "api search one kind",
      "help article",
      "help votes",
      "pricing",
      "download",
      "release list",
      "release",
      "faq",
      "use cases",
      "use case",
      "solution",
      "partners",
      "partner",
      "pre-sales",
      "pre-sales booking",
      "feed blog",
      "feed release",
      "llms.txt",
      "sitemap index",
      "sitemap blog",
    ]) {
      expect(pages, page).toContain(page);
    }
  });

  it("never reads a growing table sequentially", () => {
    expect(offenders(plans.filter((p) => p.seqScanOnGrowingTable))).toEqual([]);
  });

  it("reads a bounded number of rows for pages that show a handful of things (lists, counts, tags, related articles, comments)", () => {
    expect(offenders(plans.filter((p) => !UNBOUNDED.test(p.name) && p.growingRowsRead > BOUNDED_READ))).toEqual([]);
  });

  it("finds a search's matches among its language's documents only, not every language's (docs/decisions/0050)", () => {
    const bitmapReads = plans.filter((p) => /search/.test(p.name) && p.plan.includes("Bitmap Heap Scan search_documents"));
    expect(bitmapReads.map((p) => p.name)).toEqual(expect.arrayContaining(["site search #2", "site search zh #2", "blog search zh #2"]));
    // Each bitmap read of the documents takes the words' postings by language and kind, or the
    // title's, by the language's lexeme (docs/decisions/0055).
    const indexesOf = (plan: string) => [...plan.matchAll(/Bitmap Heap Scan search_documents \(([^)]*)\)/g)].flatMap((m) => m[1]!.split(" + "));
    const byLanguage = new Set(["search_documents_lang_kind_vector_idx", "search_documents_title_vector_idx"]);
    expect(offenders(bitmapReads.filter((p) => !indexesOf(p.plan).every((index) => byLanguage.has(index))))).toEqual([]);
  });

  it("notices a sequential scan where there is one", async () => {
    const probe = await explainStatement(bulk.db, "unindexed", "SELECT count(*) FROM comments WHERE content LIKE $1", ["%quokka%"]);
    expect(probe.seqScanOnGrowingTable).toBe(true);
    expect(probe.growingRowsRead).toBeGreaterThanOrEqual(ROWS * 0.95);
  });
});
