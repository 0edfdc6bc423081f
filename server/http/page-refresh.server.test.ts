import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.server";
import { PageCache, type CachedPage } from "./page-cache.server";
import { PageRefresher, RenderFlights, type RefreshOutcome } from "./page-refresh.server";

const logger = createLogger("silent");

function page(label: string, tags: string[] = []): CachedPage {
  return {
    status: 200,
    headers: [],
    identity: Buffer.from(label),
    encoded: {},
    polished: {},
    etag: `W/"${label}"`,
    scriptSources: [],
    tags: new Set(tags),
    storedAt: Date.now(),
    url: `http://site/${label}`,
    renderId: label,
  };
}

/** Lets queued callbacks (setImmediate, promise reactions) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A refresher whose renders wait until the test lets them finish, recording which keys it rendered. */
function refresherFor(cache: PageCache, outcomeOf: (key: string) => RefreshOutcome = () => "stored") {
  const rendered: string[] = [];
  const finish: Array<() => void> = [];
  const flights = new RenderFlights();
  const refresher = new PageRefresher({
    cache,
    flights,
    logger,
    concurrency: 1,
    queueLimit: 3,
    render: (key) =>
      new Promise((resolve) => {
        rendered.push(key);
        finish.push(() => {
          const outcome = outcomeOf(key);
          const made = page(`${key}-again`);
          if (outcome === "stored") cache.set(key, made, cache.generation);
          resolve({ page: outcome === "refused" ? null : made, outcome });
        });
      }),
  });
  const finishAll = async () => {
    while (finish.length > 0) {
      finish.shift()!();
      await settle();
    }
  };
  return { refresher, flights, rendered, finishAll };
}

describe("RenderFlights", () => {
  it("lets later visitors of a page wait for the render under way, which lands once", async () => {
    const flights = new RenderFlights();
    expect(flights.joining("a")).toBeUndefined();
    const land = flights.open("a");
    const waiting = [flights.joining("a"), flights.joining("a")];
    const made = page("a");
    land(made);
    land(null); // the way out: ignored after the first
    expect(await Promise.all(waiting)).toEqual([made, made]);
    expect(flights.joining("a")).toBeUndefined();
  });
});

describe("PageRefresher", () => {
  it("renders the pages a change made stale, most asked for first, one at a time and at most the queue limit", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, staleMs: 60_000 });
    for (const key of ["a", "b", "c", "d"]) cache.set(key, page(key, ["list"]), cache.generation);
    for (let i = 0; i < 3; i++) cache.lookup("c");
    cache.lookup("b");
    const { rendered, finishAll } = refresherFor(cache);
    cache.invalidate(["list"]);
    await settle();
    expect(rendered).toEqual(["c"]);
    await finishAll();
    expect(rendered).toEqual(["c", "b", "a"]);
    expect(cache.lookup("c")).toMatchObject({ fresh: true });
    // Past the limit: rendered again when next asked for, served stale meanwhile.
    expect(cache.lookup("d")).toMatchObject({ fresh: false });
  });

  it("renders a stale page a visitor asked for once, however many ask, ahead of the queue", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, staleMs: 60_000 });
    for (const key of ["a", "b", "c"]) cache.set(key, page(key, ["list"]), cache.generation);
    const { refresher, flights, rendered, finishAll } = refresherFor(cache);
    cache.invalidate(["list"]);
    await settle();
    expect(rendered).toEqual(["a"]);
    refresher.refresh("c");
    refresher.refresh("c");
    refresher.refresh("a"); // under way: not again
    expect(flights.joining("a")).toBeDefined();
    await finishAll();
    expect(rendered).toEqual(["a", "c", "b"]);
    expect(refresher.pending).toBe(0);
  });

  it("drops a page whose render is refused, and a changed page whose render failed; keeps an old one that failed", async () => {
    let now = 0;
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 1_000, staleMs: 60_000, now: () => now });
    cache.set("gone", { ...page("gone", ["t"]), storedAt: 0 }, cache.generation);
    cache.set("changed", { ...page("changed", ["t"]), storedAt: 0 }, cache.generation);
    cache.set("old", { ...page("old"), storedAt: 0 }, cache.generation);
    const { refresher, finishAll } = refresherFor(cache, (key) => (key === "gone" ? "refused" : "failed"));
    cache.invalidate(["t"]);
    now = 2_000;
    refresher.refresh("old");
    await settle();
    await finishAll();
    expect(cache.peek("gone")).toBeUndefined();
    expect(cache.peek("changed")).toBeUndefined();
    expect(cache.peek("old")).toMatchObject({ fresh: false, changed: false });
  });

  it("renders a page again when a change came while it rendered", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, staleMs: 60_000 });
    cache.set("a", page("a", ["t"]), cache.generation);
    let first = true;
    const { rendered, finishAll } = refresherFor(cache, () => {
      if (!first) return "stored";
      first = false;
      return "outdated";
    });
    cache.invalidate(["t"]);
    await settle();
    await finishAll();
    expect(rendered).toEqual(["a", "a"]);
    expect(cache.lookup("a")).toMatchObject({ fresh: true });
  });
});
