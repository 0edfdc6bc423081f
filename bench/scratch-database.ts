/**
 * A database for the standalone bench scripts (large-data.ts, explain.ts): DATABASE_URL when set,
 * else an embedded PostgreSQL of its own under .tmp/<name> (kept between runs, so the large set
 * is made once). Either way migrated and, when empty, seeded with the demo content first.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { connectDatabase, runMigrations, type Database } from "../server/db/client.server";
import { startEmbeddedPostgres } from "../server/db/embedded-postgres.server";
import { createLogger } from "../server/logger.server";
import { seedDatabase } from "../server/seed/seed.server";

export async function withBenchDatabase<T>(name: string, work: (db: Database) => Promise<T>): Promise<T> {
  const logger = createLogger("warn");
  const dataDir = path.resolve(".tmp", name);
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(dataDir, logger);
  const handle = connectDatabase(process.env.DATABASE_URL ?? embedded!.url, logger, { poolMax: 4, statementTimeoutMs: 0 });
  try {
    await runMigrations(handle, logger);
    const { rows } = await handle.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM languages`);
    if (rows[0]!.n === 0) await seedDatabase(handle.db, logger, { downloadsDir: path.join(dataDir, "downloads") });
    return await work(handle.db);
  } finally {
    await handle.close();
    await embedded?.stop();
  }
}
