/**
 * `npm run bench:lighthouse [-- <base URL>] [--pages a,b] [--langs en,th] [--runs N] [--max-load-per-core X]`:
 * Lighthouse (mobile, default simulated throttling) in Debian's Chromium over the pages of issue 30
 * (home, pricing, download, blog list, article, help article, pre-sales, search), in English,
 * Chinese, Thai and Hindi, 5 runs each. Without a base URL it starts the built server (`npm run
 * build` first) on loopback with a scratch data directory under .tmp/.
 *
 * Each row is the median of its page's runs with their min-max: every run counts, none is kept
 * for being better. The 1-minute load average is read before a page's first run and after its
 * last, and a page measured with more load per core than `--max-load-per-core` (1.0; see
 * DEFAULT_MAX_LOAD_PER_CORE) says so rather than passing. The summary goes to .tmp/lighthouse/
 * (summary.md, summary.json) with every run's full report, for this run only.
 *
 * One Chromium serves the whole run: each Lighthouse run gets a new browser context of its own
 * (an empty cache, no cookies, no open connections), which is what a fresh browser gave, without
 * starting one 160 times. Each page is loaded once on a phone-sized screen before its runs, as a
 * visitor finds a page that others have seen: its HTML in the rendered-page cache, its picture
 * variants made (a search is never cached: each run renders it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";
import puppeteer, { type Browser } from "puppeteer-core";
import { CHROMIUM_FLAGS } from "../tests/support/chromium";
import { freePort, spawnServer, waitUntilReady } from "../tests/support/server-process";
import { CATEGORIES, DEFAULT_MAX_LOAD_PER_CORE, summarisePage, summaryMarkdown, type Category, type RunFigures, type SummaryRow } from "./lighthouse-stats";

export const LIGHTHOUSE_LANGS = ["en", "zh", "th", "hi"] as const;
export type LighthouseLang = (typeof LIGHTHOUSE_LANGS)[number];
export const LIGHTHOUSE_PAGES = ["home", "pricing", "download", "blog-list", "article", "help-article", "pre-sales", "search"] as const;
export type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number];
export const DEFAULT_RUNS = 5;

/** A word each language's search finds in its own help articles and blog (docs/decisions/0030). */
const SEARCH_WORDS: Record<LighthouseLang, string> = { en: "proxy", zh: "代理", th: "พร็อกซี", hi: "प्रॉक्सी" };

export interface LighthouseOptions {
  langs?: readonly LighthouseLang[];
  pages?: readonly LighthousePage[];
  /** Runs per page (5). */
  runs?: number;
  maxLoadPerCore?: number;
  chromePath?: string;
  /** Where summary.md/.json and each run's report go (.tmp/lighthouse); nothing is written when null. */
  outDir?: string | null;
  /** Stops after the run under way (Ctrl+C): the pages measured so far are the summary, marked as a part. */
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export type LighthouseRow = SummaryRow;

interface ApiList {
  code: number;
  data?: { list?: { id: number }[] };
}

async function firstId(baseUrl: string, apiPath: string): Promise<number> {
  const res = await fetch(baseUrl + apiPath);
  const body = (await res.json()) as ApiList;
  const id = body.data?.list?.[0]?.id;
  if (!res.ok || body.code !== 0 || id === undefined) throw new Error(`${apiPath}: no published item to test (HTTP ${res.status}, code ${body.code})`);
  return id;
}

/** Each page's path in a language; article ids come from the site itself, since they differ per language and per data set. */
export async function lighthousePaths(baseUrl: string, lang: LighthouseLang, pages: readonly LighthousePage[] = LIGHTHOUSE_PAGES) {
  const prefix = lang === "en" ? "" : `/${lang}`;
  const paths: { page: LighthousePage; path: string }[] = [];
  for (const page of pages) {
    let rest: string;
    if (page === "home") rest = "";
    else if (page === "pricing") rest = "/Pricing";
    else if (page === "download") rest = "/download";
    else if (page === "blog-list") rest = "/blog";
    else if (page === "article") rest = `/blog/${await firstId(baseUrl, `/api/home/article-list?type=blog&lang=${lang}&page_size=1`)}`;
    else if (page === "help-article") rest = `/helps/${await firstId(baseUrl, `/api/help/article-list?lang=${lang}&page_size=1`)}`;
    else if (page === "pre-sales") rest = "/pre-sales";
    else rest = `/search?q=${encodeURIComponent(SEARCH_WORDS[lang])}`;
    paths.push({ page, path: prefix + rest || "/" });
  }
  return paths;
}

function numeric(lhr: LighthouseResult, id: string): number {
  return lhr.audits[id]?.numericValue ?? NaN;
}

function fontBytes(lhr: LighthouseResult): number {
  const items = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  return items.find((item) => item.resourceType === "font")?.transferSize ?? 0;
}

function shortfalls(lhr: LighthouseResult): string[] {
  const out: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      out.push(`${category}/${ref.id}`);
    }
  }
  return out;
}

export function runFigures(lhr: LighthouseResult): RunFigures {
  const score = (c: Category) => {
    const s = lhr.categories[c]?.score;
    return s === null || s === undefined ? null : Math.round(s * 100);
  };
  return {
    scores: { performance: score("performance"), accessibility: score("accessibility"), "best-practices": score("best-practices"), seo: score("seo") },
    fcpMs: numeric(lhr, "first-contentful-paint"),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    speedIndexMs: numeric(lhr, "speed-index"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: Number(numeric(lhr, "cumulative-layout-shift").toFixed(3)),
    transferBytes: numeric(lhr, "total-byte-weight"),
    fontBytes: fontBytes(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    shortfalls: shortfalls(lhr),
  };
}

/** Lighthouse's default mobile screen (a Moto G Power), so the same picture widths are asked for. */
const MOBILE_SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

async function warmUp(browser: Browser, url: string): Promise<void> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(MOBILE_SCREEN);
    // Best effort: a page that never goes quiet is still measured, and Lighthouse reports one that fails.
    await page.goto(url, { waitUntil: "networkidle0", timeout: 30_000 }).catch(() => undefined);
  } finally {
    await context.close();
  }
}

/** One Lighthouse run in a browser context of its own, closed after it. */
async function auditOnce(browser: Browser, url: string): Promise<LighthouseResult> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const result = await lighthouse(
      url,
      { output: "json", logLevel: "error", onlyCategories: [...CATEGORIES], disableFullPageScreenshot: true },
      undefined,
      // Lighthouse bundles its own copy of puppeteer-core's types; the page is the same object.
      page as unknown as Parameters<typeof lighthouse>[3],
    );
    if (!result) throw new Error(`${url}: Lighthouse returned no result`);
    return result.lhr;
  } finally {
    await context.close();
  }
}

const loadAverage = () => Number(os.loadavg()[0]!.toFixed(2));

export async function runLighthouse(baseUrl: string, opts: LighthouseOptions = {}): Promise<LighthouseRow[]> {
  const chromePath = opts.chromePath ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const log = opts.log ?? ((line: string) => console.log(line));
  const runs = opts.runs ?? DEFAULT_RUNS;
  const maxLoadPerCore = opts.maxLoadPerCore ?? DEFAULT_MAX_LOAD_PER_CORE;
  const outDir = opts.outDir === undefined ? path.resolve(".tmp", "lighthouse") : opts.outDir;
  if (outDir) {
    // This run's files only: a summary or report left by another run is never read beside them.
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(path.join(outDir, "runs"), { recursive: true });
  }
  const cpus = os.availableParallelism();
  const rows: LighthouseRow[] = [];
  let chromium = "Chromium";
  let lighthouseVersion = "";
  // handleSIGINT: chrome-launcher would otherwise exit the process on Ctrl+C, before the summary.
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS, logLevel: "error", handleSIGINT: false });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const langs = opts.langs ?? LIGHTHOUSE_LANGS;
  const planned = langs.length * (opts.pages ?? LIGHTHOUSE_PAGES).length;
  // Written after every page, so a run stopped or cut short still has the figures it measured.
  const writeSummary = () => {
    if (!outDir) return;
    const meta = { baseUrl, chromium, lighthouse: lighthouseVersion, date: new Date().toISOString(), maxLoadPerCore, pages: `${rows.length} of ${planned}` };
    fs.writeFileSync(path.join(outDir, "summary.json"), JSON.stringify({ ...meta, rows }, null, 2) + "\n");
    fs.writeFileSync(path.join(outDir, "summary.md"), summaryMarkdown(rows, meta));
  };
  try {
    for (const lang of langs) {
      if (opts.signal?.aborted) break;
      for (const { page, path: pagePath } of await lighthousePaths(baseUrl, lang, opts.pages)) {
        if (opts.signal?.aborted) break;
        const url = baseUrl + pagePath;
        await warmUp(browser, url);
        const before = loadAverage();
        const figures: RunFigures[] = [];
        let failedRuns = 0;
        for (let run = 1; run <= runs && !opts.signal?.aborted; run++) {
          let lhr = await auditOnce(browser, url);
          // Lighthouse 12 sometimes loses the navigation start in this Chromium's trace
          // (NO_NAVSTART): such a run has no figures at all, so it is run again (twice at most) and
          // counted apart. A run that finished always counts, whatever its scores.
          for (let retry = 0; lhr.runtimeError && retry < 2 && !opts.signal?.aborted; retry++) {
            failedRuns++;
            lhr = await auditOnce(browser, url);
          }
          if (lhr.runtimeError) {
            failedRuns++;
            log(`${pagePath}: run ${run} did not finish: ${lhr.runtimeError.code}`);
            continue;
          }
          chromium = lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? chromium;
          lighthouseVersion = lhr.lighthouseVersion;
          if (outDir) fs.writeFileSync(path.join(outDir, "runs", `${lang}-${page}-${run}.json`), JSON.stringify(lhr));
          figures.push(runFigures(lhr));
        }
        const summary = summarisePage(figures, { before, after: loadAverage(), cpus }, maxLoadPerCore);
        const row: LighthouseRow = { lang, page, path: pagePath, summary, failedRuns };
        rows.push(row);
        const s = summary.scores;
        const m = (x: { median: number; min: number; max: number } | null) => (x ? `${x.median} [${x.min}-${x.max}]` : "–");
        log(
          `${pagePath.padEnd(28)} perf ${m(s.performance)} a11y ${m(s.accessibility)} bp ${m(s["best-practices"])} seo ${m(s.seo)}` +
            `  TBT ${Math.round(summary.tbtMs?.median ?? NaN)} ms LCP ${Math.round(summary.lcpMs?.median ?? NaN)} ms` +
            `  load ${before} → ${summary.load.after} / ${cpus}  ${summary.verdict}` +
            (summary.shortfalls.length ? `  below: ${summary.shortfalls.map((f) => `${f.audit} ${f.runs}/${summary.runs}`).join(", ")}` : ""),
        );
        writeSummary();
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  writeSummary();
  if (outDir) log(`${rows.length} of ${planned} pages written to ${path.relative(process.cwd(), path.join(outDir, "summary.md"))}`);
  return rows;
}

/** `--pages`, `--langs`, `--runs`, `--max-load-per-core` from a command line, checked against what exists. */
export function lighthouseArgs(args: readonly string[]): Pick<LighthouseOptions, "pages" | "langs" | "runs" | "maxLoadPerCore"> {
  const value = (name: string) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const list = <T extends string>(name: string, known: readonly T[]): T[] | undefined => {
    const given = value(name);
    if (given === undefined) return undefined;
    const items = given.split(",").filter(Boolean);
    const unknown = items.filter((item) => !known.includes(item as T));
    if (unknown.length) throw new Error(`${name}: unknown ${unknown.join(", ")} (known: ${known.join(", ")})`);
    return items as T[];
  };
  const number = (name: string) => {
    const given = value(name);
    if (given === undefined) return undefined;
    const n = Number(given);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}: ${given} is not a positive number`);
    return n;
  };
  const runs = number("--runs");
  return {
    pages: list("--pages", LIGHTHOUSE_PAGES),
    langs: list("--langs", LIGHTHOUSE_LANGS),
    runs: runs === undefined ? undefined : Math.round(runs),
    maxLoadPerCore: number("--max-load-per-core"),
  };
}

/** The built server on a scratch data directory, for as long as `work` runs. */
export async function withBuiltSite<T>(work: (baseUrl: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  // SITE_ORIGIN as a visitor sees it, so canonical and hreflang links point at the pages tested.
  const server = spawnServer({ DATA_DIR: path.resolve(".tmp", "lighthouse-data"), LOG_LEVEL: "warn", SITE_ORIGIN: `http://127.0.0.1:${port}` }, port);
  try {
    await waitUntilReady(server, 180_000);
    return await work(server.baseUrl);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
}

async function main() {
  const args = process.argv.slice(2);
  const options = lighthouseArgs(args);
  const optionValues = new Set(
    ["--pages", "--langs", "--runs", "--max-load-per-core"].filter((name) => args.includes(name)).map((name) => args[args.indexOf(name) + 1]),
  );
  const given = args.find((a) => !a.startsWith("--") && !optionValues.has(a));
  // Ctrl+C (or SIGTERM) ends the run after the Lighthouse run under way, with its summary and
  // nothing left running (Chromium, the server and its database); a second one exits at once.
  const stop = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stop.signal.aborted) process.exit(130);
      console.log(`${signal}: stopping after the run under way`);
      stop.abort();
    });
  }
  const run = (baseUrl: string) => runLighthouse(baseUrl, { ...options, signal: stop.signal });
  if (given) await run(given.replace(/\/$/, ""));
  else await withBuiltSite(run);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
