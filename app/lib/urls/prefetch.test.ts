import { describe, expect, it } from "vitest";
import { acquirePreloadSlot, activePreloads, MAX_PRELOADS, prefetchAllowed } from "./prefetch";

describe("prefetchAllowed", () => {
  it("skips data-saver and 2G connections", () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "3g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "4g", saveData: true })).toBe(false);
  });
});

describe("preload slots", () => {
  it("allow at most five preloads at once and release each slot once", () => {
    const slots = Array.from({ length: MAX_PRELOADS }, () => acquirePreloadSlot());
    expect(slots.every(Boolean)).toBe(true);
    expect(acquirePreloadSlot()).toBeNull();
    slots[0]!();
    slots[0]!();
    expect(activePreloads()).toBe(MAX_PRELOADS - 1);
    const again = acquirePreloadSlot();
    expect(again).not.toBeNull();
    expect(acquirePreloadSlot()).toBeNull();
    again!();
    for (const s of slots.slice(1)) s!();
    expect(activePreloads()).toBe(0);
  });
});
