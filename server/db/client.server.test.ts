import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { createLogger } from "../logger.server";
import { connectDatabase, isDatabaseUnavailable, type DatabaseHandle } from "./client.server";

let database: TestDatabase;
let handle: DatabaseHandle;
const warnings: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const logger = createLogger("warn", { write: (line: string) => void warnings.push(line) });
  // One connection: a connection the pool lost track of would leave it with none.
  handle = connectDatabase(database.url, logger, { poolMax: 1, statementTimeoutMs: 1_000 });
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

const backendPid = async (tx: Pick<DatabaseHandle["db"], "execute">) => (await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid;

async function terminate(pid: number) {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query("SELECT pg_terminate_backend($1)", [pid]);
  await admin.end();
}

describe("a connection lost while a transaction holds it", () => {
  it("fails that transaction as 'unavailable', is logged and replaced, and the process lives on", async () => {
    const failure = await handle.db
      .transaction(async (tx) => {
        await terminate(await backendPid(tx));
        // Between two statements: no query is waiting, so only an 'error' listener hears of it.
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`SELECT 1`);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(warnings.some((line) => line.includes("a database connection failed"))).toBe(true);
    // The one connection was given back and replaced: the pool serves again.
    expect((await handle.db.execute(sql`SELECT 2 AS two`)).rows[0]).toEqual({ two: 2 });
  });

  it("is given back to the pool when it fails before BEGIN does", async () => {
    // The connection breaks as it is handed out: drizzle's BEGIN fails before the try that releases it.
    const breakOnAcquire = (client: pg.PoolClient) => (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    handle.pool.once("acquire", breakOnAcquire);
    const failure = await handle.db
      .transaction(async (tx) => tx.execute(sql`SELECT 1`))
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect((await handle.db.execute(sql`SELECT 3 AS three`)).rows[0]).toEqual({ three: 3 });
    expect(handle.pool.totalCount).toBeLessThanOrEqual(1);
  });

  it("is not handed to the next caller when a statement outlived the client-side limit (a frozen server)", async () => {
    // The server's own limit is lifted, so only the client's (1 s + 1 s) runs out, as when the server is frozen.
    const failure = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL statement_timeout = 0`);
        await tx.execute(sql`SELECT pg_sleep(5)`);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // Runs in a transaction of its own, not in what is left of the one above.
    const { rows } = await handle.db.execute<{ own: boolean }>(sql`SELECT now() = statement_timestamp() AS own`);
    expect(rows[0]).toEqual({ own: true });
  });
});
