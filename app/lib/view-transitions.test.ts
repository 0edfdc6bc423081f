import { describe, expect, it, vi } from "vitest";
import { handleTransitionPromises, isSkippedTransition, quietSkippedViewTransitions } from "./view-transitions";

const named = (name: string) => Object.assign(new Error(name), { name });

describe("view transitions", () => {
  it("treat a skipped or abandoned transition as expected, and anything else as a fault", () => {
    expect(isSkippedTransition(named("AbortError"))).toBe(true);
    expect(isSkippedTransition(named("InvalidStateError"))).toBe(true);
    expect(isSkippedTransition(new TypeError("boom"))).toBe(false);
    expect(isSkippedTransition(null)).toBe(false);
  });

  it("handle every lifecycle promise, reporting only real failures", async () => {
    const report = vi.fn();
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      handleTransitionPromises(
        {
          ready: Promise.reject(named("AbortError")),
          finished: Promise.reject(named("AbortError")),
          updateCallbackDone: Promise.reject(new TypeError("update failed")),
        },
        report,
      );
      await new Promise((r) => setTimeout(r, 10));
    } finally {
      process.off("unhandledRejection", unhandled);
    }
    expect(unhandled).not.toHaveBeenCalled();
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]![0]).toBeInstanceOf(TypeError);
  });

  it("wrap startViewTransition once and hand back the browser's transition", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    const transition = { ready: Promise.reject(named("AbortError")), finished: Promise.reject(named("AbortError")) };
    const start = vi.fn(() => transition);
    const doc = { startViewTransition: start } as unknown as Document;
    try {
      quietSkippedViewTransitions(doc);
      const wrapped = doc.startViewTransition;
      quietSkippedViewTransitions(doc);
      expect(doc.startViewTransition).toBe(wrapped);
      expect(doc.startViewTransition(() => {})).toBe(transition);
      expect(start).toHaveBeenCalledTimes(1);
      await new Promise((r) => setTimeout(r, 10));
    } finally {
      process.off("unhandledRejection", unhandled);
    }
    expect(unhandled).not.toHaveBeenCalled();
  });

  it("leave a browser without view transitions alone", () => {
    const doc = {} as Document;
    quietSkippedViewTransitions(doc);
    expect("startViewTransition" in doc).toBe(false);
  });
});
