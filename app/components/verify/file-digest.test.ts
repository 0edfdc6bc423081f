import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256OfFile, SLICE_BYTES } from "./file-digest";

describe("sha256OfFile", () => {
  it("gives the file's SHA-256, reading it in pieces and reporting progress up to its size", async () => {
    const bytes = new Uint8Array(20 * 1024 * 1024 + 123).map((_, i) => (i * 31) & 255);
    const seen: number[] = [];
    const digest = await sha256OfFile(new Blob([bytes]), (n) => seen.push(n));
    expect(digest).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(seen.at(-1)).toBe(bytes.length);
    expect(seen.length).toBeGreaterThanOrEqual(Math.ceil(bytes.length / SLICE_BYTES));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it("hashes an empty file, and stops when cancelled", async () => {
    expect(await sha256OfFile(new Blob([]), () => undefined)).toBe(createHash("sha256").digest("hex"));
    const controller = new AbortController();
    controller.abort();
    await expect(sha256OfFile(new Blob([new Uint8Array(1024)]), () => undefined, controller.signal)).rejects.toThrow();
  });
});
