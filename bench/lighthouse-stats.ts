/**
 * How the Lighthouse bench turns a page's runs into one row: the median of every run with its
 * min-max (never the best run), and the machine's load beside it. Pure, so it is tested apart
 * from Chromium (bench/lighthouse-stats.test.ts).
 */

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * 1-minute load average per core above which a page's performance figure is not judged. One
 * Lighthouse run keeps about one core busy by itself (Chromium's renderer while the page loads,
 * then Lighthouse's trace processing; the server answers in between), so up to 1.0 per core the
 * run's main thread still has a core to itself on average. Above it, runnable work queues for the
 * cores: the page's tasks measured on this machine include time spent waiting for a CPU, and
 * simulated throttling multiplies that time by four (total blocking time and Lantern's estimates
 * of FCP/LCP grow), so a low score says more about the machine than the page, and a 100 was
 * reached with luck the table should not report as a pass.
 */
export const DEFAULT_MAX_LOAD_PER_CORE = 1.0;

/**
 * Lighthouse's own line: below this `benchmarkIndex` (its CPU measure, taken at each run's start)
 * it warns that the machine is slower than its throttling assumes. A median below it is a loaded
 * machine too, which a 1-minute load average can miss when load comes and goes within the minute.
 */
export const SLOW_CPU_BENCHMARK_INDEX = 1000;

export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** Median of the values (the mean of the two middle ones for an even count), with min and max. */
export function spread(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** What one Lighthouse run gave: scores 0-100 per category (null: Lighthouse could not score it). */
export interface RunFigures {
  scores: Record<Category, number | null>;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  fontBytes: number;
  /** Lighthouse's measure of this machine's CPU at the run (environment.benchmarkIndex). */
  benchmarkIndex: number;
  /** Weighted audits below a full score: why a category is below 100. */
  shortfalls: string[];
}

export interface MachineLoad {
  /** 1-minute load average just before the page's first run and just after its last. */
  before: number;
  after: number;
  cpus: number;
}

export type Verdict = "passes" | "falls short" | "loaded";

export interface PageSummary {
  runs: number;
  scores: Record<Category, Spread | null>;
  fcpMs: Spread | null;
  lcpMs: Spread | null;
  speedIndexMs: Spread | null;
  tbtMs: Spread | null;
  cls: Spread | null;
  transferBytes: Spread | null;
  fontBytes: Spread | null;
  benchmarkIndex: Spread | null;
  /** Each audit that fell short, with the number of runs it did. */
  shortfalls: { audit: string; runs: number }[];
  load: MachineLoad;
  loadPerCore: number;
  verdict: Verdict;
  /** Why the verdict is what it is, in a few words. */
  because: string;
}

export function summarisePage(runs: readonly RunFigures[], load: MachineLoad, maxLoadPerCore = DEFAULT_MAX_LOAD_PER_CORE): PageSummary {
  const of = (pick: (r: RunFigures) => number) => spread(runs.map(pick).filter((v) => Number.isFinite(v)));
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, spread(runs.map((r) => r.scores[c]).filter((s): s is number => s !== null))])) as Record<
    Category,
    Spread | null
  >;
  const counts = new Map<string, number>();
  for (const r of runs) for (const audit of r.shortfalls) counts.set(audit, (counts.get(audit) ?? 0) + 1);
  const loadPerCore = Math.max(load.before, load.after) / load.cpus;
  const benchmarkIndex = of((r) => r.benchmarkIndex);
  const { verdict, because } = judge(scores, runs.length, loadPerCore, maxLoadPerCore, benchmarkIndex?.median ?? null);
  return {
    runs: runs.length,
    scores,
    fcpMs: of((r) => r.fcpMs),
    lcpMs: of((r) => r.lcpMs),
    speedIndexMs: of((r) => r.speedIndexMs),
    tbtMs: of((r) => r.tbtMs),
    cls: of((r) => r.cls),
    transferBytes: of((r) => r.transferBytes),
    fontBytes: of((r) => r.fontBytes),
    benchmarkIndex,
    shortfalls: [...counts].map(([audit, n]) => ({ audit, runs: n })).sort((a, b) => b.runs - a.runs || a.audit.localeCompare(b.audit)),
    load,
    loadPerCore,
    verdict,
    because,
  };
}

/**
 * Accessibility, best practices and SEO do not depend on the machine's speed: below 100 they fall
 * short whatever the load. Performance does: on a loaded machine it is reported, not judged.
 */
function judge(
  scores: Record<Category, Spread | null>,
  runs: number,
  loadPerCore: number,
  maxLoadPerCore: number,
  benchmarkIndex: number | null,
): { verdict: Verdict; because: string } {
  if (runs === 0) return { verdict: "falls short", because: "no run finished" };
  const below = CATEGORIES.filter((c) => c !== "performance" && (scores[c]?.median ?? 0) < 100);
  if (below.length) return { verdict: "falls short", because: `${below.join(", ")} below 100` };
  if (loadPerCore > maxLoadPerCore) {
    return { verdict: "loaded", because: `load ${loadPerCore.toFixed(2)} per core > ${maxLoadPerCore.toFixed(2)}: performance not judged` };
  }
  if (benchmarkIndex !== null && benchmarkIndex < SLOW_CPU_BENCHMARK_INDEX) {
    return { verdict: "loaded", because: `Lighthouse's CPU index ${Math.round(benchmarkIndex)} < ${SLOW_CPU_BENCHMARK_INDEX}: performance not judged` };
  }
  if ((scores.performance?.median ?? 0) < 100) return { verdict: "falls short", because: "performance below 100" };
  return { verdict: "passes", because: "median 100 in every category" };
}

const score = (s: Spread | null) => (s === null ? "–" : s.min === s.max ? `${s.median}` : `${s.median} [${s.min}-${s.max}]`);
const ms = (s: Spread | null) => (s === null ? "–" : `${Math.round(s.median)} [${Math.round(s.min)}-${Math.round(s.max)}]`);

/** One line for the bench's table: the four categories' medians [min-max], the load, the verdict's reason. */
export function scoresText(summary: PageSummary): string {
  const s = summary.scores;
  const l = summary.load;
  return (
    `perf ${score(s.performance)} · a11y ${score(s.accessibility)} · best pr. ${score(s["best-practices"])} · SEO ${score(s.seo)}` +
    ` (median [min-max] of ${summary.runs} runs; load ${l.before.toFixed(2)} → ${l.after.toFixed(2)} on ${l.cpus} cores)`
  );
}

/** A path as a reader writes it: `/th/search?q=พร็อกซี`, not its percent-encoding. */
export function readablePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export interface SummaryRow {
  lang: string;
  page: string;
  path: string;
  summary: PageSummary;
  failedRuns: number;
}

export function summaryMarkdown(
  rows: readonly SummaryRow[],
  meta: { baseUrl: string; chromium: string; lighthouse: string; date: string; maxLoadPerCore: number; pages: string },
): string {
  const lines = [
    "# Lighthouse",
    "",
    `Lighthouse ${meta.lighthouse}, mobile, default (simulated) throttling, ${meta.chromium}; ${meta.date}; ${meta.baseUrl}; ${meta.pages} pages measured.`,
    `Each cell: the median of the page's runs [min-max]; load: the 1-minute load average before the page's first run → after its last, per core in the verdict (above ${meta.maxLoadPerCore.toFixed(2)} per core performance is not judged).`,
    "Written by bench/lighthouse.ts for this run only: nothing here is read from another run.",
    "",
    "| lang | page | path | perf | a11y | best pr. | SEO | FCP ms | LCP ms | SI ms | TBT ms | CLS | KB | fonts KB | CPU index | runs | load | verdict |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const { lang, page, path, summary: s, failedRuns } of rows) {
    const kb = (v: Spread | null) => (v === null ? "–" : (v.median / 1024).toFixed(1));
    const cls = s.cls === null ? "–" : s.cls.max === s.cls.min ? `${s.cls.median}` : `${s.cls.median} [${s.cls.min}-${s.cls.max}]`;
    lines.push(
      `| ${lang} | ${page} | \`${readablePath(path)}\` | ${score(s.scores.performance)} | ${score(s.scores.accessibility)} | ${score(s.scores["best-practices"])} | ${score(s.scores.seo)} | ${ms(s.fcpMs)} | ${ms(s.lcpMs)} | ${ms(s.speedIndexMs)} | ${ms(s.tbtMs)} | ${cls} | ${kb(s.transferBytes)} | ${kb(s.fontBytes)} | ${s.benchmarkIndex ? Math.round(s.benchmarkIndex.median) : "–"} | ${s.runs}${failedRuns ? ` (+${failedRuns} unfinished)` : ""} | ${s.load.before.toFixed(2)} → ${s.load.after.toFixed(2)} / ${s.load.cpus} | ${s.verdict}: ${s.because} |`,
    );
  }
  lines.push("", "## Audits below a full score", "");
  const below = rows.filter((r) => r.summary.shortfalls.length);
  if (below.length === 0) lines.push("None: every weighted audit passed in every run.");
  for (const r of below)
    lines.push(`- \`${readablePath(r.path)}\`: ${r.summary.shortfalls.map((f) => `${f.audit} (${f.runs}/${r.summary.runs} runs)`).join("; ")}`);
  return lines.join("\n") + "\n";
}
