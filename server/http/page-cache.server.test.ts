import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { matchesEtag, PageCache, type CachedPage } from "./page-cache.server";

function entry(bytes: number, tags: string[] = []): CachedPage {
  const body = Buffer.alloc(bytes, "a");
  return {
    status: 200,
    headers: [],
    identity: body,
    encoded: {},
    polished: {},
    etag: 'W/"x"',
    scriptSources: [],
    tags: new Set(tags),
    storedAt: Date.now(),
    url: "http://a/",
    renderId: "r",
  };
}

/** The entry as served: fresh, stale, or none. */
function state(cache: PageCache, key: string): "fresh" | "stale" | undefined {
  const found = cache.lookup(key);
  return found && (found.fresh ? "fresh" : "stale");
}

describe("PageCache", () => {
  it("marks entries stale by tag, or all of them for *, and names them to its listeners most asked for first", () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, staleMs: 60_000 });
    const heard: string[][] = [];
    cache.onStale((keys) => heard.push(keys));
    cache.set("a", entry(10, ["article:1"]), cache.generation);
    cache.set("b", entry(10, ["article:2"]), cache.generation);
    cache.set("c", entry(10), cache.generation);
    expect(cache.invalidate(["article:1"])).toBe(1);
    expect(state(cache, "a")).toBe("stale");
    expect(state(cache, "b")).toBe("fresh");
    state(cache, "c");
    state(cache, "c");
    // Already stale, a is not named again; c was asked for more often than b.
    expect(cache.invalidate(["*"])).toBe(2);
    expect(heard).toEqual([["a"], ["c", "b"]]);
    expect(cache.size.entries).toBe(3);
    // A new render replaces a stale entry and is fresh.
    cache.set("a", entry(10, ["article:1"]), cache.generation);
    expect(state(cache, "a")).toBe("fresh");
    cache.drop("b");
    expect(state(cache, "b")).toBeUndefined();
  });

  it("does not store a render that began before a change", () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, staleMs: 60_000 });
    const began = cache.generation;
    cache.invalidate(["article:9"]);
    expect(cache.set("a", entry(10), began)).toBe(false);
    expect(state(cache, "a")).toBeUndefined();
  });

  it("forgets the least recently used entries past its size; past their lifetime serves them stale a while, then forgets them", () => {
    let now = 0;
    const cache = new PageCache({ maxBytes: 5 * (100 + 512), ttlMs: 1_000, staleMs: 500, now: () => now });
    for (const key of ["a", "b", "c", "d", "e"]) cache.set(key, { ...entry(100), storedAt: now }, cache.generation);
    expect(state(cache, "a")).toBe("fresh"); // a is now the most recently used
    cache.set("f", { ...entry(100), storedAt: now }, cache.generation);
    expect(state(cache, "b")).toBeUndefined();
    expect(state(cache, "a")).toBe("fresh");
    now = 1_000;
    expect(state(cache, "a")).toBe("stale");
    expect(cache.peek("a")).toMatchObject({ fresh: false, changed: false });
    now = 1_500;
    expect(state(cache, "a")).toBeUndefined();
    expect(cache.size.entries).toBe(4);
  });

  it("compresses an entry's bytes for an encoding on its first request, keeps them and counts them", () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, staleMs: 60_000 });
    const page = entry(20_000);
    cache.set("a", page, cache.generation);
    expect(cache.size.bytes).toBe(20_000 + 512);
    expect(cache.body("a", page, "identity")).toBe(page.identity);
    const br = cache.body("a", page, "br");
    expect(zlib.brotliDecompressSync(br).equals(page.identity)).toBe(true);
    expect(cache.body("a", page, "br")).toBe(br);
    expect(page.encoded.gzip).toBeUndefined();
    const gzip = cache.body("a", page, "gzip");
    expect(zlib.gunzipSync(gzip).equals(page.identity)).toBe(true);
    expect(cache.size.bytes).toBe(20_000 + 512 + br.length + gzip.length);
    cache.drop("a");
    expect(cache.size.bytes).toBe(0);
    // An entry dropped before its first compressed request is not counted again.
    cache.body("a", entry(10), "br");
    expect(cache.size.bytes).toBe(0);
  });

  it("compresses fast for the visitor who waits, then at its best, off the request path, once the page is sent again", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, staleMs: 60_000 });
    const text = Buffer.from(Array.from({ length: 3_000 }, (_, i) => `<li class="item">Article ${i % 97} · ${(i * 7919) % 1000}</li>`).join(""));
    const page = { ...entry(0), identity: text };
    cache.set("a", page, cache.generation);
    const fast = cache.body("a", page, "br");
    await new Promise((resolve) => setImmediate(resolve));
    expect(page.polished.br).toBeUndefined(); // sent once: may never be asked for again
    expect(cache.body("a", page, "br")).toBe(fast);
    await new Promise((resolve) => setImmediate(resolve));
    expect(page.polished.br).toBe(true);
    const best = page.encoded.br!;
    expect(best.length).toBeLessThan(fast.length);
    expect(zlib.brotliDecompressSync(best).equals(text)).toBe(true);
    expect(cache.size.bytes).toBe(text.length + 512 + best.length);
    expect(cache.body("a", page, "br")).toBe(best);
  });

  it("reports the memory its bodies really hold: a body cut from a larger allocation counts the whole allocation", () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, staleMs: 60_000 });
    const own = entry(20_000);
    cache.set("a", own, cache.generation);
    expect(cache.retainedBytes()).toBe(20_000);
    // 1,000 bytes of a 64 KB allocation keep all of it alive, which its length does not show.
    const slice = Buffer.alloc(64 * 1024).subarray(0, 1_000);
    cache.set("b", { ...entry(0), identity: slice }, cache.generation);
    expect(cache.size.bytes).toBe(20_000 + 512 + 1_000 + 512);
    expect(cache.retainedBytes()).toBe(20_000 + 64 * 1024);
    // The same allocation behind two bodies is held once.
    cache.set("c", { ...entry(0), identity: Buffer.from(slice.buffer, 2_000, 1_000) }, cache.generation);
    expect(cache.retainedBytes()).toBe(20_000 + 64 * 1024);
  });

  it("forgets older entries when compressed bytes take it past its size", () => {
    // Four entries fit (an entry may take at most a quarter of the size); random bytes do not shrink.
    const cache = new PageCache({ maxBytes: 4 * (1_000 + 512) + 40, ttlMs: 60_000, staleMs: 60_000 });
    const pages = ["a", "b", "c", "d"].map((key) => {
      const page = { ...entry(0), identity: randomBytes(1_000) };
      cache.set(key, page, cache.generation);
      return page;
    });
    cache.body("d", pages[3]!, "gzip");
    expect(cache.lookup("a")).toBeUndefined();
    expect(cache.lookup("b")?.page).toBe(pages[1]);
    expect(cache.lookup("d")?.page).toBe(pages[3]);
  });

  it("is off while the change channel is down, and comes back empty", () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, staleMs: 60_000 });
    cache.set("a", entry(10), cache.generation);
    cache.setSynced(false);
    expect(cache.enabled).toBe(false);
    expect(cache.set("b", entry(10), cache.generation)).toBe(false);
    cache.setSynced(true);
    expect(cache.lookup("a")).toBeUndefined();
  });

  it("does not store a page whose render began while the channel was down", () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, staleMs: 60_000 });
    cache.setSynced(false);
    const renderBegan = cache.generation; // its data may predate a change that was never announced
    cache.setSynced(true);
    expect(cache.set("a", entry(10), renderBegan)).toBe(false);
    expect(cache.set("a", entry(10), cache.generation)).toBe(true);
  });
});

describe("matchesEtag", () => {
  it("compares entity tags weakly", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc", W/"def"', 'W/"def"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
