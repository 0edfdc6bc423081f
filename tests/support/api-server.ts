import type { AddressInfo } from "node:net";
import { createApp } from "../../server/app.server";
import { createLogger } from "../../server/logger.server";
import { createTestDatabase, type TestDatabase } from "./database";

export interface TestServer {
  baseUrl: string;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real Express app (API and health checks) on a random port, over its own database. */
export async function startTestServer(): Promise<TestServer> {
  const database = await createTestDatabase();
  const app = createApp({ database, logger: createLogger("silent") });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.drop();
    },
  };
}
