import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, reloadOnceForChunkError } from "./chunk-reload";

function memory() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe("chunk reload", () => {
  it("recognises chunk load failures only", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error("Loading chunk 3 failed"), { name: "ChunkLoadError" }))).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });
  it("reloads once, then not again within 10 s, then again after", () => {
    const storage = memory();
    let reloads = 0;
    const reload = () => reloads++;
    expect(reloadOnceForChunkError(storage, reload, 1_000)).toBe(true);
    expect(reloadOnceForChunkError(storage, reload, 1_000 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(reloadOnceForChunkError(storage, reload, 1_000 + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
    expect(reloads).toBe(2);
  });
});
