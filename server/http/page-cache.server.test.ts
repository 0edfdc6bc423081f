import { describe, expect, it } from "vitest";
import { matchesEtag, PageCache, type CachedPage } from "./page-cache.server";

function entry(bytes: number, tags: string[] = []): CachedPage {
  const body = Buffer.alloc(bytes, "a");
  return { status: 200, headers: [], identity: body, gzip: Buffer.alloc(0), br: Buffer.alloc(0), etag: 'W/"x"', nonce: "n", tags: new Set(tags), storedAt: Date.now() };
}

describe("PageCache", () => {
  it("drops entries by tag, or all of them for *", () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    cache.set("a", entry(10, ["article:1"]), cache.generation);
    cache.set("b", entry(10, ["article:2"]), cache.generation);
    cache.set("c", entry(10), cache.generation);
    expect(cache.invalidate(["article:1"])).toBe(1);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeDefined();
    expect(cache.invalidate(["*"])).toBe(2);
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it("does not store a render that began before a change", () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    const began = cache.generation;
    cache.invalidate(["article:9"]);
    expect(cache.set("a", entry(10), began)).toBe(false);
    expect(cache.get("a")).toBeUndefined();
  });

  it("forgets the least recently used entries past its size, and entries past their lifetime", () => {
    let now = 0;
    const cache = new PageCache({ maxBytes: 5 * (100 + 512), ttlMs: 1_000, now: () => now });
    for (const key of ["a", "b", "c", "d", "e"]) cache.set(key, { ...entry(100), storedAt: now }, cache.generation);
    expect(cache.get("a")).toBeDefined(); // a is now the most recently used
    cache.set("f", { ...entry(100), storedAt: now }, cache.generation);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    now = 1_000;
    expect(cache.get("a")).toBeUndefined();
  });

  it("is off while the change channel is down, and comes back empty", () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    cache.set("a", entry(10), cache.generation);
    cache.setSynced(false);
    expect(cache.enabled).toBe(false);
    expect(cache.set("b", entry(10), cache.generation)).toBe(false);
    cache.setSynced(true);
    expect(cache.get("a")).toBeUndefined();
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
