import { forThisFile } from "./for-this-file";
import { startServerOnTestDatabase } from "./server-process";

export type SiteOnTestDatabase = Awaited<ReturnType<typeof startServerOnTestDatabase>>;

/**
 * A test file's built server on its own test database: started before its tests, stopped after.
 * Read `site.current` inside tests (it is set once beforeAll has run).
 */
export function siteForThisFile(env: Record<string, string> = {}): { readonly current: SiteOnTestDatabase; readonly base: string } {
  const site = forThisFile(
    () => startServerOnTestDatabase(env),
    (started) => started.stop(),
  );
  return {
    get current() {
      return site.current;
    },
    get base() {
      return site.current.server.baseUrl;
    },
  };
}
