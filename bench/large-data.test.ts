import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectDatabase } from "../server/db/client.server";
import { createLogger } from "../server/logger.server";
import { createTestDatabase } from "../tests/support/database";
import { seedLargeData } from "./large-data";

describe("the large set's bodies (docs/decisions/0052)", () => {
  it("demo bodies end with a demo article of the same language, and a set is not taken for the other kind", async () => {
    const database = await createTestDatabase();
    const bulk = connectDatabase(database.url, createLogger("silent"), { poolMax: 2, statementTimeoutMs: 0 });
    try {
      await seedLargeData(bulk.db, { rows: 300, bodies: "demo" });
      const { rows } = await bulk.db.execute<{ n: number; langs: number; without: number; shortest: number }>(sql`
        SELECT count(*)::int AS n, count(DISTINCT a.lang)::int AS langs, min(length(a.search_text))::int AS shortest,
               count(*) FILTER (WHERE NOT EXISTS (
                 SELECT 1 FROM articles d WHERE d.key NOT LIKE 'large-%' AND d.status = 'published' AND d.lang = a.lang
                   AND right(a.search_text, length(d.search_text)) = lower(d.search_text)))::int AS without
        FROM articles a WHERE a.key LIKE 'large-%'`);
      expect(rows[0]!.n).toBe(300);
      expect(rows[0]!.langs).toBe(13);
      expect(rows[0]!.without).toBe(0);
      expect(rows[0]!.shortest).toBeGreaterThan(600);
      await expect(seedLargeData(bulk.db, { rows: 300 })).rejects.toThrow(/holds a large set with demo bodies, not generated/);
      expect((await seedLargeData(bulk.db, { rows: 300, bodies: "demo" })).seeded).toBe(false);
    } finally {
      await bulk.close();
      await database.drop();
    }
  }, 120_000);
});
