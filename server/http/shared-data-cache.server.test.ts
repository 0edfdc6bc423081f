import { describe, expect, it } from "vitest";
import { SharedDataCache } from "./shared-data-cache.server";

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe("SharedDataCache", () => {
  it("loads a value once for concurrent and later readers, and freezes it", async () => {
    const cache = new SharedDataCache({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ({ n: ++loads, list: [{ a: 1 }] });
    const [a, b] = await Promise.all([cache.read("k", load), cache.read("k", load)]);
    const c = await cache.read("k", load);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(Object.isFrozen(a.list[0])).toBe(true);
  });

  it("reads again after a change to every page, but not after a change to one article", async () => {
    const cache = new SharedDataCache({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.read("k", load);
    cache.invalidate(["article:3", "help:4"]);
    expect(await cache.read("k", load)).toBe(1);
    cache.invalidate(["*"]);
    expect(await cache.read("k", load)).toBe(2);
  });

  it("does not keep a value whose read began before a change", async () => {
    const cache = new SharedDataCache({ ttlMs: 60_000 });
    const first = deferred<string>();
    const pending = cache.read("k", () => first.promise);
    cache.invalidate(["*"]);
    // A reader after the change does not share the read that began before it.
    const after = cache.read("k", async () => "new");
    first.resolve("old");
    expect(await pending).toBe("old");
    expect(await after).toBe("new");
    expect(await cache.read("k", async () => "newer")).toBe("new");
  });

  it("does not keep a failed read", async () => {
    const cache = new SharedDataCache({ ttlMs: 60_000 });
    await expect(cache.read("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.read("k", async () => "up")).toBe("up");
  });

  it("reads the database every time while announcements cannot be heard, and after its time", async () => {
    let now = 0;
    const cache = new SharedDataCache({ ttlMs: 1_000, now: () => now });
    let loads = 0;
    const load = async () => ++loads;
    cache.setSynced(false);
    await cache.read("k", load);
    await cache.read("k", load);
    expect(loads).toBe(2);
    cache.setSynced(true);
    await cache.read("k", load);
    await cache.read("k", load);
    expect(loads).toBe(3);
    now = 1_000;
    await cache.read("k", load);
    expect(loads).toBe(4);
  });
});
