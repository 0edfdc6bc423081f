/**
 * Database tasks for `npm run db:seed` and `npm run db:reset`: they open the same database the
 * server would (DATABASE_URL, or the embedded one under DATA_DIR; stop the server first).
 */
import { sql } from "drizzle-orm";
import { loadConfig, loadDotEnv } from "../server/config.server";
import { connectDatabase, runMigrations } from "../server/db/client.server";
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from "../server/db/embedded-postgres.server";
import { createLogger } from "../server/logger.server";
import { seedDatabase } from "../server/seed/seed.server";

export async function withDatabase(task: (ctx: { handle: ReturnType<typeof connectDatabase>; logger: ReturnType<typeof createLogger> }) => Promise<void>) {
  loadDotEnv();
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  let embedded: EmbeddedPostgres | undefined;
  // With the site running, use its database; otherwise start the embedded one for this task.
  const url = config.DATABASE_URL ?? runningEmbeddedUrl(config.DATA_DIR) ?? (embedded = await startEmbeddedPostgres(config.DATA_DIR, logger)).url;
  const handle = connectDatabase(url, logger, { poolMax: 2, statementTimeoutMs: 0 });
  try {
    await task({ handle, logger });
  } finally {
    await handle.close();
    await embedded?.stop();
  }
}

export async function seed(overwrite: boolean) {
  await withDatabase(async ({ handle, logger }) => {
    await runMigrations(handle, logger);
    await seedDatabase(handle.db, logger, { overwrite });
  });
}

export async function reset() {
  await withDatabase(async ({ handle, logger }) => {
    await handle.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
    await handle.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
    await handle.db.execute(sql`CREATE SCHEMA public`);
    await runMigrations(handle, logger);
    await seedDatabase(handle.db, logger, { overwrite: true });
  });
}
