import type { AddressInfo } from "node:net";
import { forThisFile } from "./for-this-file";
import { createApp, type AppOptions } from "../../server/app.server";
import { createLogger } from "../../server/logger.server";
import { publishedReleaseKey } from "../../server/infrastructure/release-signing.server";
import { TEST_DATA_DIR } from "./global-setup";
import { createTestDatabase, type TestDatabase } from "./database";

export interface TestServer {
  baseUrl: string;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real Express app (API and health checks) on a random port, over its own database.
 * By default the loopback peer is a trusted proxy, so a test plays different visitors with
 * X-Forwarded-For; `trustedProxies: []` makes the test client an untrusted peer instead.
 */
export async function startTestServer(options: Partial<Omit<AppOptions, "database" | "logger">> & { database?: TestDatabase } = {}): Promise<TestServer> {
  const { database: given, ...appOptions } = options;
  const database = given ?? (await createTestDatabase());
  // The key the template database was signed with (tests/support/global-setup.ts).
  const releaseSigningKey = publishedReleaseKey({ DATA_DIR: TEST_DATA_DIR });
  const app = createApp({ trustedProxies: ["loopback"], verifyApiOutputs: true, releaseSigningKey, ...appOptions, database, logger: createLogger("silent") });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!given) await database.drop();
    },
  };
}

/**
 * The test file's own server: started before its tests and closed after them (`set` receives it,
 * for the file's `server` variable). Every API test file but those that start theirs with options.
 */
export function serveForFile(set: (server: TestServer) => void): void {
  forThisFile(startTestServer, (server) => server.close(), set);
}

/** The rows of a query against the test server's database, typed as the test expects them. */
export function queryRows<T>(server: TestServer, text: string, params: unknown[] = []): Promise<[T, ...T[]]> {
  return server.database.pool.query(text, params).then((r) => r.rows as [T, ...T[]]);
}
