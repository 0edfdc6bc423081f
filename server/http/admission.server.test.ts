import { afterEach, describe, expect, it, vi } from "vitest";
import { AdmissionGate } from "./admission.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("AdmissionGate", () => {
  it("admits up to its concurrency at once, then queues in arrival order", async () => {
    const gate = new AdmissionGate({ concurrency: 2, queue: 5, maxWaitMs: 10_000, slowMs: 10_000 });
    const first = await gate.enter();
    const second = await gate.enter();
    expect(first && second).toBeTruthy();
    const order: string[] = [];
    const third = gate.enter().then((release) => (order.push("third"), release));
    const fourth = gate.enter().then((release) => (order.push("fourth"), release));
    expect(gate.load).toEqual({ running: 2, limit: 2, waiting: 2 });
    first!();
    first!(); // a second call gives nothing back twice
    expect(gate.load).toEqual({ running: 2, limit: 2, waiting: 1 });
    second!();
    const [r3, r4] = await Promise.all([third, fourth]);
    expect(order).toEqual(["third", "fourth"]);
    r3!();
    r4!();
    expect(gate.load).toEqual({ running: 0, limit: 2, waiting: 0 });
    expect(gate.stats).toEqual({ admitted: 4, shed: 0 });
  });

  it("refuses at once when the queue is full", async () => {
    const gate = new AdmissionGate({ concurrency: 1, queue: 1, maxWaitMs: 10_000, slowMs: 10_000 });
    const held = await gate.enter();
    const waiting = gate.enter();
    expect(await gate.enter()).toBeNull();
    held!();
    (await waiting)!();
    expect(gate.stats).toEqual({ admitted: 2, shed: 1 });
  });

  it("refuses a request that waited maxWaitMs, and one whose client went away", async () => {
    vi.useFakeTimers();
    const gate = new AdmissionGate({ concurrency: 1, queue: 10, maxWaitMs: 500, slowMs: 10_000 });
    const held = await gate.enter();
    const late = gate.enter();
    const gone = new AbortController();
    const abandoned = gate.enter(gone.signal);
    gone.abort();
    expect(await abandoned).toBeNull();
    await vi.advanceTimersByTimeAsync(500);
    expect(await late).toBeNull();
    expect(gate.load).toEqual({ running: 1, limit: 1, waiting: 0 });
    held!();
    expect(gate.load).toEqual({ running: 0, limit: 1, waiting: 0 });
  });

  it("gives fewer places while work is slow and more again while it is quick", async () => {
    let clock = 0;
    const gate = new AdmissionGate({ concurrency: 10, queue: 100, maxWaitMs: 60_000, slowMs: 1_000, now: () => clock });
    const slow = await Promise.all(Array.from({ length: 10 }, () => gate.enter()));
    clock += 5_000;
    for (const release of slow) release!();
    // Ten slow answers: 10 × 0.9^10 ≈ 3.5 places.
    expect(gate.load.limit).toBe(3);
    const busy = await Promise.all(Array.from({ length: 3 }, () => gate.enter()));
    const queued = gate.enter();
    expect(gate.load).toEqual({ running: 3, limit: 3, waiting: 1 });
    // Quick answers while the places are used raise the limit one by one, up to `concurrency`.
    for (const release of busy) release!();
    (await queued)!();
    expect(gate.load.limit).toBe(5);
    for (let i = 0; i < 20; i++) {
      const all = await Promise.all(Array.from({ length: gate.load.limit }, () => gate.enter()));
      for (const release of all) release!();
    }
    expect(gate.load.limit).toBe(10);
  });

  it("never goes below minConcurrency places", async () => {
    let clock = 0;
    const gate = new AdmissionGate({ concurrency: 10, minConcurrency: 4, queue: 100, maxWaitMs: 60_000, slowMs: 1_000, now: () => clock });
    for (let i = 0; i < 30; i++) {
      const release = await gate.enter();
      clock += 5_000;
      release!();
    }
    expect(gate.load.limit).toBe(4);
  });
});
