/**
 * MEMORY_LOG_SECONDS (docs/decisions/0039): a serving process logs its memory, the page cache's
 * counted and retained bytes with it, even below LOG_LEVEL, since it was asked for; the bench's
 * soak reads these lines. Off by default.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logEntries, startServerOnTestDatabase } from "../support/server-process";

describe("the memory log line", () => {
  let site: Awaited<ReturnType<typeof startServerOnTestDatabase>>;
  beforeAll(async () => {
    site = await startServerOnTestDatabase({ MEMORY_LOG_SECONDS: "1", LOG_LEVEL: "warn" });
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  it("is written every MEMORY_LOG_SECONDS with the heap and the page cache's bytes", { timeout: 30_000 }, async () => {
    expect((await fetch(`${site.server.baseUrl}/`)).status).toBe(200);
    let memory: Record<string, number> | undefined;
    for (let i = 0; i < 50 && !memory?.pageCacheEntries; i++) {
      await new Promise((r) => setTimeout(r, 200));
      memory = logEntries(site.server).findLast((e) => e.msg === "memory")?.memory as Record<string, number> | undefined;
    }
    expect(memory).toMatchObject({
      rssMb: expect.any(Number),
      heapUsedMb: expect.any(Number),
      externalMb: expect.any(Number),
      arrayBuffersMb: expect.any(Number),
      pageCacheEntries: 1,
    });
    expect(memory!.pageCacheRetainedMb).toBeGreaterThan(0);
    expect(memory!.pageCacheRetainedMb).toBeLessThanOrEqual(memory!.pageCacheCountedMb!);
  });

  it("holds no share-image WebAssembly (satori, harfbuzz) before a share image is drawn", async () => {
    // subset-font's two 16 MB memories and satori's showed as about 37 MB of external memory that
    // was not array buffers, from start to end, in a process that drew no image (0039).
    const memory = logEntries(site.server).findLast((e) => e.msg === "memory")?.memory as Record<string, number>;
    expect(memory.externalMb! - memory.arrayBuffersMb!).toBeLessThan(16);
  });
});
