import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/client.server";
import { createLogger } from "../../server/logger.server";
import { withDatabase } from "./global-setup";

export interface TestDatabase extends DatabaseHandle {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated and seeded database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject("pgAdminUrl");
  const name = `site_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const handle = connectDatabase(url, createLogger("silent"), { poolMax: 5 });
  return {
    ...handle,
    url,
    async drop() {
      await handle.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Plain SQL against a test database, for tests that compare kept rows with what they are kept from. */
export function sqlReaders(database: () => TestDatabase) {
  const q = async <T>(text: string, params: unknown[] = []) => (await database().pool.query(text, params)).rows as T[];
  const one = async <T>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!;
  return { q, one };
}
