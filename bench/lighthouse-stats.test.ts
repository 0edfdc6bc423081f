import { describe, expect, it } from "vitest";
import { readablePath, spread, summarisePage, type RunFigures } from "./lighthouse-stats";

function run(performance: number, rest: Partial<Record<"accessibility" | "best-practices" | "seo", number>> = {}): RunFigures {
  return {
    scores: { performance, accessibility: rest.accessibility ?? 100, "best-practices": rest["best-practices"] ?? 100, seo: rest.seo ?? 100 },
    fcpMs: 900,
    lcpMs: 1000,
    speedIndexMs: 900,
    tbtMs: performance === 100 ? 20 : 300,
    cls: 0,
    transferBytes: 150_000,
    fontBytes: 0,
    benchmarkIndex: 1200,
    shortfalls: performance === 100 ? [] : ["performance/total-blocking-time"],
  };
}

const idle = { before: 0.4, after: 0.9, cpus: 2 };

describe("a page's Lighthouse row (bench/lighthouse-stats.ts)", () => {
  it("is the median of every run with its min and max, not the best run", () => {
    const s = summarisePage([run(100), run(93), run(97), run(100), run(95)], idle);
    expect(s.scores.performance).toEqual({ median: 97, min: 93, max: 100 });
    expect(s.runs).toBe(5);
    expect(s.verdict).toBe("falls short");
    expect(s.shortfalls).toEqual([{ audit: "performance/total-blocking-time", runs: 3 }]);
  });

  it("passes only with a median of 100 in every category on a machine that was not loaded", () => {
    expect(summarisePage([run(100), run(99), run(100)], idle).verdict).toBe("passes");
    expect(summarisePage([run(100), run(100), run(100, { seo: 63 })], idle).verdict).toBe("passes");
    expect(summarisePage([run(100, { accessibility: 96 }), run(100, { accessibility: 96 }), run(100)], idle)).toMatchObject({
      verdict: "falls short",
      because: "accessibility below 100",
    });
  });

  it("says the machine was loaded instead of passing (or failing) on performance", () => {
    const loaded = { before: 1.2, after: 2.6, cpus: 2 };
    expect(summarisePage([run(100), run(100), run(100)], loaded)).toMatchObject({ verdict: "loaded", loadPerCore: 1.3 });
    expect(summarisePage([run(80), run(85), run(90)], loaded).verdict).toBe("loaded");
    // What the load cannot explain still falls short.
    expect(summarisePage([run(100, { seo: 63 }), run(100, { seo: 63 })], loaded).verdict).toBe("falls short");
    expect(summarisePage([run(100)], loaded, 1.5).verdict).toBe("passes");
    // Lighthouse's own CPU measure below its warning line says the same when the load average missed it.
    const slow = [run(100), run(100), run(100)].map((r, i) => ({ ...r, benchmarkIndex: [700, 900, 1500][i]! }));
    expect(summarisePage(slow, idle)).toMatchObject({ verdict: "loaded", because: "Lighthouse's CPU index 900 < 1000: performance not judged" });
  });

  it("has no verdict but falling short when no run finished", () => {
    expect(summarisePage([], idle)).toMatchObject({ runs: 0, verdict: "falls short", because: "no run finished" });
    expect(spread([])).toBeNull();
    expect(spread([3, 1, 2, 10])).toEqual({ median: 2.5, min: 1, max: 10 });
  });

  it("shows a search's words as written", () => {
    expect(readablePath(`/th/search?q=${encodeURIComponent("พร็อกซี")}`)).toBe("/th/search?q=พร็อกซี");
    expect(readablePath("/bad%E0")).toBe("/bad%E0");
  });
});
