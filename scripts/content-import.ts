import { runMigrations } from "../server/db/client.server";
import { importArticles } from "../server/content/import.server";
import { withDatabase } from "./db-tasks";

// Re-imports new and changed article files; comments and reads counts are left alone.
await withDatabase(async ({ handle, logger }) => {
  await runMigrations(handle, logger);
  const result = await importArticles(handle.db, logger);
  console.log(`articles: ${result.inserted} new, ${result.updated} changed, ${result.unchanged} unchanged`);
});
