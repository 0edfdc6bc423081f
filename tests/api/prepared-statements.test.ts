/**
 * executePrepared (server/db/prepared.server.ts): the pages' statements are prepared once per
 * connection and reused, inside transactions too, and answer exactly as db.execute does.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/client.server";
import { executePrepared } from "../../server/db/prepared.server";
import { createLogger } from "../../server/logger.server";
import { articlePage } from "../../server/services/articles.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
/** One connection, so what it has prepared can be read back on it. */
let single: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  single = connectDatabase(database.url, createLogger("silent"), { poolMax: 1 });
});
afterAll(async () => {
  await single.close();
  await database.drop();
});

const prepared = async () =>
  (await single.pool.query<{ name: string; statement: string }>("SELECT name, statement FROM pg_prepared_statements ORDER BY prepare_time")).rows;

describe("executePrepared", () => {
  it("prepares a statement once per connection and reuses it, named by its text", async () => {
    const sum = (n: number) => sql`SELECT ${n}::int + 1 AS n`;
    expect((await executePrepared<{ n: number }>(single.db, sum(1))).rows).toEqual([{ n: 2 }]);
    expect((await executePrepared<{ n: number }>(single.db, sum(41))).rows).toEqual([{ n: 42 }]);
    const first = await prepared();
    expect(first).toHaveLength(1);
    expect(first[0]!.statement).toBe("SELECT $1::int + 1 AS n");

    await executePrepared(single.db, sql`SELECT ${1}::int * 2 AS n`);
    const names = (await prepared()).map((p) => p.name);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
  });

  it("runs inside a transaction and sees its writes", async () => {
    const seen = await single.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE prepared_probe (v int) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO prepared_probe VALUES (7)`);
      return (await executePrepared<{ v: number }>(tx, sql`SELECT v FROM prepared_probe WHERE v = ${7}`)).rows;
    });
    expect(seen).toEqual([{ v: 7 }]);
  });

  it("gives the article page the same answer on every run, past the switch to a generic plan", async () => {
    const { rows } = await database.pool.query<{ id: number }>("SELECT id FROM articles WHERE status = 'published' ORDER BY id LIMIT 1");
    const id = rows[0]!.id;
    const options = { related: 4, comments: { page: 1, pageSize: 5, sort: "latest" as const } };
    const runs = [];
    // Past the five runs after which PostgreSQL may switch to a generic plan.
    for (let i = 0; i < 7; i++) runs.push(await articlePage(single.db, id, options));
    expect(runs[0]?.article.id).toBe(id);
    for (const run of runs) expect(run).toEqual(runs[0]);
  });
});
