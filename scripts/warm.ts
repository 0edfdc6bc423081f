/**
 * `npx tsx scripts/warm.ts <origin> [--langs en,zh] [--limit N] [--concurrency 4] [--timeout-ms 30000]`:
 * after a deploy or a purge, asks for the pages a visitor would ask for first, so the CDN's edges
 * and the site's rendered-page cache hold them before visitors come (docs/deploy.md).
 *
 * The URLs are the site's own sitemaps (`<origin>/sitemap.xml`, an index of one sitemap per
 * language and page family: docs/decisions/0016), so nothing that is not published or is noindex
 * is asked for. Popular first, since a site with many articles may be warmed partly (`--limit`):
 * every language's home, then its other fixed pages (pricing, download, the lists), then articles
 * and help, newest first, languages taking turns so that each one's best pages come early. Requests
 * run `--concurrency` at a time (4: a fraction of one machine's renders, so visitors are still
 * served while it runs) and send a browser's Accept-Encoding, the variant visitors get.
 *
 * Prints a line per URL that failed and a summary (answers by status, by the cache's X-Cache or the
 * CDN's cache header, time); exits 1 when any URL did not answer 2xx.
 */
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { parseSitemap, parseSitemapIndex } from "sitemap";

/** Page families in the order a visitor reaches them (the sitemaps' own families, docs/decisions/0016). */
export const FAMILY_ORDER = ["pages", "blog", "help", "news", "use-cases", "releases", "partners"] as const;

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

export interface Sitemap {
  /** From its file name, `/sitemaps/<lang>-<family>-<part>.xml`. */
  lang: string;
  family: string;
  urls: SitemapUrl[];
}

/** `/sitemaps/zh-blog-1.xml` → { lang: "zh", family: "blog" }; null for a name the site does not make. */
export function sitemapKind(url: string): { lang: string; family: string } | null {
  const match = /\/sitemaps\/([a-z]{2})-([a-z-]+)-\d+\.xml$/.exec(new URL(url).pathname);
  return match ? { lang: match[1]!, family: match[2]! } : null;
}

const familyRank = (family: string) => {
  const at = (FAMILY_ORDER as readonly string[]).indexOf(family);
  return at === -1 ? FAMILY_ORDER.length : at;
};

/** A language's home page: the origin's root or its language prefix alone (`/zh`), or a language host's root. */
function isHome(loc: string): boolean {
  return /^\/([a-z]{2})?\/?$/.test(new URL(loc).pathname);
}

/**
 * The order to warm in: homes of every language first, then each family in FAMILY_ORDER, within
 * a family the newest first (fixed pages in the sitemap's order), the languages taking turns
 * (in `langs` order when given). `limit` keeps the first N.
 */
export function selectWarmUrls(sitemaps: readonly Sitemap[], opts: { langs?: readonly string[]; limit?: number } = {}): string[] {
  const chosen = opts.langs ? sitemaps.filter((s) => opts.langs!.includes(s.lang)) : sitemaps;
  const langOrder = opts.langs ?? [...new Set(chosen.map((s) => s.lang))];
  // One queue per (tier, language); a tier is the home, then each family.
  const tiers = new Map<number, Map<string, SitemapUrl[]>>();
  const add = (tier: number, lang: string, url: SitemapUrl) => {
    const byLang = tiers.get(tier) ?? new Map<string, SitemapUrl[]>();
    tiers.set(tier, byLang);
    byLang.set(lang, [...(byLang.get(lang) ?? []), url]);
  };
  for (const sitemap of chosen) {
    for (const url of sitemap.urls) add(isHome(url.loc) ? -1 : familyRank(sitemap.family), sitemap.lang, url);
  }
  const out: string[] = [];
  const seen = new Set<string>();
  for (const tier of [...tiers.keys()].sort((a, b) => a - b)) {
    const byLang = tiers.get(tier)!;
    const queues = langOrder.map((lang) => {
      const urls = byLang.get(lang) ?? [];
      // Articles newest first; fixed pages (tier 0) keep the sitemap's order, which is the router's.
      return tier > 0 ? [...urls].sort((a, b) => (b.lastmod ?? "").localeCompare(a.lastmod ?? "")) : urls;
    });
    for (let i = 0; queues.some((q) => i < q.length); i++) {
      for (const queue of queues) {
        const url = queue[i];
        if (!url || seen.has(url.loc)) continue;
        seen.add(url.loc);
        out.push(url.loc);
      }
    }
  }
  return opts.limit === undefined ? out : out.slice(0, opts.limit);
}

async function fetchText(url: string, timeoutMs: number): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.text();
}

/** The origin's sitemap index and every sitemap it lists. */
export async function readSitemaps(origin: string, timeoutMs = 30_000): Promise<Sitemap[]> {
  const index = await parseSitemapIndex(Readable.from([await fetchText(`${origin}/sitemap.xml`, timeoutMs)]));
  const sitemaps: Sitemap[] = [];
  for (const { url } of index) {
    const kind = sitemapKind(url);
    if (!kind) continue;
    const items = await parseSitemap(Readable.from([await fetchText(url, timeoutMs)]));
    sitemaps.push({ ...kind, urls: items.map((item) => ({ loc: item.url, lastmod: item.lastmod })) });
  }
  return sitemaps;
}

export interface WarmResult {
  url: string;
  status: number;
  ms: number;
  /** The CDN's or the site's word on where the answer came from (HIT, MISS, …), when it says. */
  cache: string | null;
  error?: string;
}

/** What a current browser sends, so the variant warmed is the one visitors get. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export async function warm(
  urls: readonly string[],
  opts: { concurrency?: number; timeoutMs?: number; onResult?: (r: WarmResult) => void } = {},
): Promise<WarmResult[]> {
  const results: WarmResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const started = performance.now();
      let result: WarmResult;
      try {
        const res = await fetch(url, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING }, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) });
        await res.arrayBuffer();
        const cache = res.headers.get("cf-cache-status") ?? res.headers.get("x-proxy-cache") ?? res.headers.get("x-cache");
        result = { url, status: res.status, ms: performance.now() - started, cache };
      } catch (err) {
        result = { url, status: 0, ms: performance.now() - started, cache: null, error: err instanceof Error ? err.message : String(err) };
      }
      results.push(result);
      opts.onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  return results;
}

function count(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(", ");
}

async function main() {
  const args = process.argv.slice(2);
  const value = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const origin = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"))?.replace(/\/$/, "");
  if (!origin) {
    console.error("usage: npx tsx scripts/warm.ts <origin> [--langs en,zh] [--limit N] [--concurrency 4] [--timeout-ms 30000]");
    process.exit(2);
  }
  const timeoutMs = Number(value("--timeout-ms") ?? 30_000);
  const limit = value("--limit") === undefined ? undefined : Number(value("--limit"));
  const urls = selectWarmUrls(await readSitemaps(origin, timeoutMs), { langs: value("--langs")?.split(","), limit });
  console.log(`warming ${urls.length} URLs of ${origin}, ${value("--concurrency") ?? 4} at a time`);
  const started = performance.now();
  const results = await warm(urls, {
    concurrency: Number(value("--concurrency") ?? 4),
    timeoutMs,
    onResult: (r) => {
      if (r.status < 200 || r.status > 299) console.log(`  ${r.status || "failed"} ${r.url}${r.error ? `: ${r.error}` : ""}`);
    },
  });
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
  console.log(
    `${results.length} URLs in ${((performance.now() - started) / 1000).toFixed(1)} s; status: ${count(results.map((r) => String(r.status)))}; ` +
      `cache: ${count(results.map((r) => r.cache ?? "not said"))}; time p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
  );
  if (results.some((r) => r.status < 200 || r.status > 299)) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
