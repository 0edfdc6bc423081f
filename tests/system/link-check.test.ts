/**
 * A link checker (linkinator) crawls the built site from /, /zh and /th, as a search engine
 * would: every internal link, asset and hreflang alternate it finds must answer (no 404), and
 * none may lead through a chain of redirects.
 */
import { LinkChecker, type LinkResult } from "linkinator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerOnTestDatabase } from "../support/server-process";

let site: Awaited<ReturnType<typeof startServerOnTestDatabase>>;
beforeAll(async () => {
  site = await startServerOnTestDatabase();
});
afterAll(async () => {
  await site?.stop();
});

describe("crawling the site", () => {
  it("finds no internal link and no hreflang alternate that is missing", { timeout: 900_000 }, async () => {
    const base = site.server.baseUrl;
    const checker = new LinkChecker();
    const results: LinkResult[] = [];
    checker.on("link", (result: LinkResult) => results.push(result));
    const outcome = await checker.check({
      path: [`${base}/`, `${base}/zh`, `${base}/th`],
      recurse: true,
      concurrency: 6,
      timeout: 20_000,
      // Only this site: links to other sites are not ours to check (and there is no network here).
      linksToSkip: async (link: string) => !link.startsWith(base),
    });
    const broken = results.filter((r) => r.state === "BROKEN").map((r) => `${r.status} ${r.url} (on ${r.parent})`);
    expect(broken.slice(0, 30), `${broken.length} broken of ${results.length}`).toEqual([]);
    expect(outcome.passed).toBe(true);
    // It really crawled: every language's home and blog, articles and alternates.
    const seen = new Set(results.map((r) => r.url));
    for (const path of ["/", "/zh", "/th", "/jp/blog", "/blog-guides", "/zh/news"]) expect(seen, path).toContain(`${base}${path}`);
    expect(results.length).toBeGreaterThan(500);

    // No redirect chains: each page link answers at once, or redirects once to a page that does.
    const pages = [...seen].filter((u) => u.startsWith(base) && !/\/(assets|images|downloads)\//.test(u) && !/\.(png|svg|ico|css|js)$/.test(u));
    const chains: string[] = [];
    const queue = [...pages];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let url = queue.shift(); url; url = queue.shift()) {
          const first = await fetch(url, { redirect: "manual" });
          await first.arrayBuffer();
          if (first.status < 300 || first.status >= 400) continue;
          const next = new URL(first.headers.get("location")!, url).href;
          const second = await fetch(next, { redirect: "manual" });
          await second.arrayBuffer();
          if (second.status >= 300 && second.status < 400) chains.push(`${url} → ${next} → ${second.headers.get("location")}`);
        }
      }),
    );
    expect(chains).toEqual([]);
  });
});
