import { afterAll, beforeAll } from "vitest";

/**
 * Something a test file starts once before its tests and stops after them (a server, a site).
 * `set` receives it when it has started (for the file's own variable); `current` reads it inside a test.
 */
export function forThisFile<T>(start: () => Promise<T>, stop: (started: T) => Promise<void>, set?: (started: T) => void): { readonly current: T } {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    set?.(started);
  });
  afterAll(async () => {
    if (started !== undefined) await stop(started);
  });
  return {
    get current() {
      if (started === undefined) throw new Error("It starts in beforeAll: read it inside a test");
      return started;
    },
  };
}
