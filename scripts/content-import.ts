import { runMigrations } from "../server/db/client.server";
import { importGrowthContent } from "../server/content/growth-import.server";
import {
  importArticles,
  importHelpArticles,
} from "../server/content/import.server";
import { importProductContent } from "../server/content/product-import.server";
import { withPublishedDocuments } from "../server/content/content-files.server";
import { withDatabase } from "./db-tasks";

// Re-imports new and changed content files (articles, help, product and growth pages); comments, reads, views and votes are left alone.
await withDatabase(async ({ handle, logger }) => {
  await runMigrations(handle, logger);
  // Documents published from the staff area stand in for their files: an import never overwrites them.
  await withPublishedDocuments(handle.db, async () => {
    const articles = await importArticles(handle.db, logger);
    console.log(
      `articles: ${articles.inserted} new, ${articles.updated} changed, ${articles.unchanged} unchanged`,
    );
    const help = await importHelpArticles(handle.db, logger);
    console.log(
      `help articles: ${help.inserted} new, ${help.updated} changed, ${help.unchanged} unchanged`,
    );
    await importProductContent(handle.db, logger);
    await importGrowthContent(handle.db, logger);
  });
});
