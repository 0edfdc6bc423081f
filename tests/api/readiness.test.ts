import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app.server";
import { createLogger } from "../../server/logger.server";
import { createTestDatabase } from "../support/database";

describe("/readyz", () => {
  it("answers 503 once the database cannot be reached", async () => {
    const database = await createTestDatabase();
    const app = createApp({ database, logger: createLogger("silent") });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    await database.drop(); // closes the pool and removes the database
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    server.closeAllConnections();
    server.close();
  });
});
