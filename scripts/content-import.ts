import { runMigrations } from "../server/db/client.server";
import { importContentParts } from "../server/seed/seed.server";
import { withDatabase } from "./db-tasks";
import { announcePageChanges, EVERY_PAGE } from "../server/infrastructure/page-changes.server";

// Re-imports new and changed content files (site texts, categories and tags, articles, help, product and growth
// pages), whatever the start-up fingerprints say; comments, reads, views and votes are left alone.
await withDatabase(async ({ handle, logger }) => {
  await runMigrations(handle, logger);
  // Documents published from the staff area stand in for their files: an import never overwrites them.
  const { counts } = await importContentParts(handle.db, logger, { force: true });
  for (const [name, c] of [
    ["articles", counts.articles],
    ["help articles", counts.help],
  ] as const) {
    if (c) console.log(`${name}: ${c.inserted} new, ${c.updated} changed, ${c.unchanged} unchanged`);
  }
  // Running servers drop their cached pages (docs/decisions/0021).
  await announcePageChanges(handle.db, [EVERY_PAGE]);
});
