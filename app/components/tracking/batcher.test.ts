import { describe, expect, it, vi } from "vitest";
import { BATCH_SIZE, Batcher, FLUSH_MS } from "./batcher";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

function setup(accept: (batch: number[]) => boolean = () => true) {
  const sent: number[][] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const storage = memoryStorage();
  const batcher = new Batcher<number>({
    storage,
    send: async (batch) => {
      const ok = accept(batch);
      if (ok) sent.push(batch);
      return ok;
    },
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: vi.fn(),
  });
  return { batcher, sent, timers, storage };
}

describe("the usage-event batcher", () => {
  it("sends a batch as soon as 20 events are waiting", async () => {
    const { batcher, sent } = setup();
    for (let i = 0; i < BATCH_SIZE - 1; i++) batcher.add(i);
    expect(sent).toEqual([]);
    batcher.add(19);
    await batcher.flush();
    expect(sent).toEqual([Array.from({ length: 20 }, (_, i) => i)]);
    expect(batcher.pending()).toBe(0);
  });

  it("sends fewer after 10 seconds", async () => {
    const { batcher, sent, timers } = setup();
    batcher.add(1);
    batcher.add(2);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(FLUSH_MS);
    timers[0]!.fn();
    await batcher.flush();
    expect(sent).toEqual([[1, 2]]);
  });

  it("sends when the page is hidden (the caller flushes), and keeps events in storage until then", async () => {
    const { batcher, sent, storage } = setup();
    batcher.add(7);
    expect(JSON.parse(storage.getItem("usage-events")!)).toEqual([7]);
    await batcher.flush();
    expect(sent).toEqual([[7]]);
    expect(JSON.parse(storage.getItem("usage-events")!)).toEqual([]);
  });

  it("keeps a batch the browser refuses and sends it, once, when it can", async () => {
    let online = false;
    const { batcher, sent } = setup(() => online);
    batcher.add(1);
    batcher.add(2);
    await batcher.flush();
    expect(sent).toEqual([]);
    expect(batcher.pending()).toBe(2);
    online = true;
    await batcher.flush();
    await batcher.flush();
    expect(sent).toEqual([[1, 2]]);
    expect(batcher.pending()).toBe(0);
  });

  it("splits a batch that is too large for one beacon", async () => {
    const { batcher, sent } = setup((batch) => batch.length <= 6);
    for (let i = 0; i < 20; i++) batcher.add(i);
    await batcher.flush();
    expect(sent.flat()).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(sent.every((b) => b.length <= 6)).toBe(true);
    expect(batcher.pending()).toBe(0);
  });

  it("survives a new page: what one page stored, the next sends", async () => {
    const first = setup(() => false);
    first.batcher.add(42);
    await first.batcher.flush();
    const sent: number[][] = [];
    const next = new Batcher<number>({ storage: first.storage, send: async (b) => (sent.push(b), true), setTimer: () => 0, clearTimer: () => {} });
    await next.flush();
    expect(sent).toEqual([[42]]);
  });
});
