import { afterAll, beforeAll } from "vitest";
import { startServerOnTestDatabase } from "./server-process";

export type SiteOnTestDatabase = Awaited<ReturnType<typeof startServerOnTestDatabase>>;

/**
 * A test file's built server on its own test database: started before its tests, stopped after.
 * Read `site.current` inside tests (it is set once beforeAll has run).
 */
export function siteForThisFile(env: Record<string, string> = {}): { readonly current: SiteOnTestDatabase; readonly base: string } {
  let site: SiteOnTestDatabase | undefined;
  beforeAll(async () => {
    site = await startServerOnTestDatabase(env);
  });
  afterAll(async () => {
    await site?.stop();
  });
  return {
    get current() {
      if (!site) throw new Error("The site starts in beforeAll: read it inside a test");
      return site;
    },
    get base() {
      return this.current.server.baseUrl;
    },
  };
}
