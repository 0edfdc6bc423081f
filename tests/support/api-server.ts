import type { AddressInfo } from "node:net";
import { createApp, type AppOptions } from "../../server/app.server";
import { createLogger } from "../../server/logger.server";
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
export async function startTestServer(options: Partial<Pick<AppOptions, "trustedProxies" | "requestTimeoutMs" | "chat" | "passport">> & { database?: TestDatabase } = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const app = createApp({ database, logger: createLogger("silent"), trustedProxies: options.trustedProxies ?? ["loopback"], requestTimeoutMs: options.requestTimeoutMs, chat: options.chat, passport: options.passport, verifyApiOutputs: true });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.database) await database.drop();
    },
  };
}
