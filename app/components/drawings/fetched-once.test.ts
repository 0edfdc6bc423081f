import { describe, expect, it, vi } from "vitest";
import { fetchedOnce } from "./fetched-once";

describe("fetchedOnce", () => {
  it("has the server's value at once and never fetches it", async () => {
    const fetch = vi.fn(async () => "fetched");
    const value = fetchedOnce("server", fetch);
    expect(value.now()).toBe("server");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fetches once in the browser, gives every caller the same promise, and has the value after", async () => {
    const fetch = vi.fn(async () => ({ pictures: 5 }));
    const value = fetchedOnce<{ pictures: number }>(undefined, fetch);
    expect(value.now()).toBeUndefined();
    const first = value.load();
    expect(value.load()).toBe(first);
    expect(await first).toEqual({ pictures: 5 });
    expect(value.now()).toEqual({ pictures: 5 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
