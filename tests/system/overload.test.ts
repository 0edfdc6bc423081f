/**
 * Overload (issue 26): a burst far above what the machine serves, on the built server with a small
 * pool and short time limits so that overload is reached cheaply. Every answer is 200, 304, 429
 * or 503 with Retry-After (feeds, partner lists, the API and machine readers included): never a
 * 500, never an answer sent twice, and the log says why each 503 happened. Loopback only, bounded
 * in count and time.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANG_KEYS, type LangKey } from "~/i18n/languages";
import { startServerOnTestDatabase } from "../support/server-process";

const BURST_CLIENTS = 120;
const BURST_REQUESTS = 1_500;
const BURST_MS = 15_000;
const REASONS = ["shed", "timeout", "pool exhausted", "database unavailable"];

let site: Awaited<ReturnType<typeof startServerOnTestDatabase>>;
beforeAll(async () => {
  site = await startServerOnTestDatabase({
    LOG_LEVEL: "warn",
    DATABASE_POOL_MAX: "2",
    DATABASE_STATEMENT_TIMEOUT_MS: "1000",
    REQUEST_TIMEOUT_MS: "2000",
    REQUEST_CONCURRENCY: "4",
    REQUEST_QUEUE: "8",
  });
});
afterAll(async () => {
  await site?.stop();
});

const prefix = (lang: LangKey) => (lang === "en" ? "" : `/${lang}`);

/**
 * The i-th request of the burst: pages the cache does not hold (a parameter of its own each time),
 * feeds, partner lists, API reads and machine readers, across every language.
 */
function burstRequest(i: number, feedEtag: string): { path: string; headers?: Record<string, string> } {
  const lang = LANG_KEYS[i % LANG_KEYS.length]!;
  const p = prefix(lang);
  const kinds = [
    () => ({ path: `${p}/partner?v=${i}` }),
    () => ({ path: `${p}/news/atom.xml?v=${i}` }),
    () => ({ path: `${p}/blog/feed.xml?v=${i}` }),
    () => ({ path: `${p}/release/atom.xml?v=${i}` }),
    () => ({ path: `${p}/blog?v=${i}` }),
    () => ({ path: `${p}/helps?v=${i}` }),
    () => ({ path: `${p}/pricing?v=${i}` }),
    () => ({ path: `${p}/?v=${i}` }),
    () => ({ path: `/api/home/partner-list?lang=${lang}&v=${i}` }),
    () => ({ path: `/api/home/article-list?lang=${lang}&type=blog&v=${i}` }),
    () => ({ path: `/api/help/article-list?lang=${lang}&v=${i}` }),
    () => ({ path: "/sitemap.xml" }),
    () => ({ path: "/llms.txt" }),
    () => ({ path: `${p}/faq.md` }),
    // A reader whose copy is current: 304 when served.
    () => ({ path: "/news/atom.xml", headers: { "if-none-match": feedEtag } }),
  ];
  return kinds[Math.floor(i / LANG_KEYS.length) % kinds.length]!();
}

interface Outcome {
  path: string;
  status: number | string;
  retryAfter: string | null;
}

describe("a burst far above what the server can serve", () => {
  it("gets only 200, 304, 429 or 503 with Retry-After, each answer once, each 503 explained", { timeout: 90_000 }, async () => {
    const base = site.server.baseUrl;
    const feed = await fetch(`${base}/news/atom.xml`);
    await feed.arrayBuffer();
    const feedEtag = feed.headers.get("etag") ?? "";
    expect(feed.status).toBe(200);
    expect(feedEtag).not.toBe("");

    const outcomes: Outcome[] = [];
    const deadline = Date.now() + BURST_MS;
    let next = 0;
    const client = async () => {
      while (next < BURST_REQUESTS && Date.now() < deadline) {
        const { path, headers } = burstRequest(next++, feedEtag);
        try {
          const res = await fetch(base + path, { headers, signal: AbortSignal.timeout(20_000) });
          await res.arrayBuffer();
          outcomes.push({ path, status: res.status, retryAfter: res.headers.get("retry-after") });
        } catch (err) {
          outcomes.push({ path, status: `${(err as Error).name}: ${String((err as { cause?: unknown }).cause ?? (err as Error).message)}`, retryAfter: null });
        }
      }
    };
    await Promise.all(Array.from({ length: BURST_CLIENTS }, client));

    const count = (status: number) => outcomes.filter((o) => o.status === status).length;
    const unexpected = outcomes.filter((o) => ![200, 304, 429, 503].includes(o.status as number));
    expect(unexpected.slice(0, 10), "answers other than 200, 304, 429 and 503").toEqual([]);
    expect(outcomes.filter((o) => o.status === 503 && !o.retryAfter).slice(0, 5), "503 without Retry-After").toEqual([]);
    // It was an overload, and the server went on serving through it.
    expect(count(503)).toBeGreaterThan(0);
    expect(count(200) + count(304)).toBeGreaterThan(0);

    // Every request's log line is written when its answer is finished: give the last ones a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const logs = site.server.logs;
    expect(logs.filter((l) => /Cannot set headers after they are sent|ERR_HTTP_HEADERS_SENT/.test(l)).slice(0, 3), "an answer sent twice").toEqual([]);
    const entries = logs.flatMap((l) => {
      try {
        return [JSON.parse(l) as { msg?: string; status?: number; reason?: string; path?: string }];
      } catch {
        return [];
      }
    });
    const failed = entries.filter((e) => e.msg === "request failed");
    expect(failed.filter((e) => e.status !== 503).slice(0, 5), "5xx other than 503").toEqual([]);
    expect(failed.filter((e) => !REASONS.includes(e.reason ?? "")).slice(0, 5), "503 without a reason").toEqual([]);
    expect(failed.length).toBe(count(503));

    // The burst is over: the site serves again within seconds, without a restart.
    let after = 0;
    for (let attempt = 0; attempt < 20 && after !== 200; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 500));
      after = (await fetch(`${base}/pt/partner?after=${attempt}`)).status;
    }
    expect(after).toBe(200);
  });
});

describe("work that finishes after the request timeout answered", () => {
  it("writes nothing more: the timeout's 503 is the only answer, and its log says why", { timeout: 60_000 }, async () => {
    // Statements may wait 10 s, the request only 1 s: the timeout answers first, then the work ends.
    const slow = await startServerOnTestDatabase({ LOG_LEVEL: "warn", REQUEST_TIMEOUT_MS: "1000", DATABASE_STATEMENT_TIMEOUT_MS: "10000" });
    const locker = new pg.Client({ connectionString: slow.database.url });
    try {
      await locker.connect();
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE partners IN ACCESS EXCLUSIVE MODE");
      const paths = ["/pt/partner?late=1", "/sitemaps/en-partners-1.xml", "/api/home/partner-list?lang=en&late=1"];
      const answers = await Promise.all(
        paths.map(async (path) => {
          const res = await fetch(slow.server.baseUrl + path);
          await res.arrayBuffer();
          return { path, status: res.status, retryAfter: res.headers.get("retry-after") };
        }),
      );
      expect(answers).toEqual(paths.map((path) => ({ path, status: 503, retryAfter: "5" })));
      // The readers get their rows now, after their requests were answered.
      await locker.query("COMMIT");
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const logs = slow.server.logs;
      expect(logs.filter((l) => /Cannot set headers after they are sent|ERR_HTTP_HEADERS_SENT|unhandled error/.test(l)).slice(0, 3)).toEqual([]);
      const failed = logs.flatMap((l) => (l.includes('"msg":"request failed"') ? [JSON.parse(l) as { status: number; reason?: string }] : []));
      expect(failed.map((e) => [e.status, e.reason])).toEqual(paths.map(() => [503, "timeout"]));
      // And the page is served (and cached) normally again.
      expect((await fetch(`${slow.server.baseUrl}/pt/partner?late=1`)).status).toBe(200);
    } finally {
      await locker.end().catch(() => undefined);
      await slow.stop();
    }
  });
});
