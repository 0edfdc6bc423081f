import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config.server";
import { createPreviewToken, PREVIEW_TTL_MS } from "../server/infrastructure/previews.server";
import { absoluteUrl } from "../app/lib/meta/meta";
import { hostPlanOf } from "../server/config.server";
import type { LangKey } from "../app/i18n/languages";
import { withDatabase } from "./db-tasks";

/**
 * npm run content:preview -- <article id | lang/type/key>
 * Prints a signed link that shows the (unpublished) article for 10 minutes, e.g.
 *   npm run content:preview -- en/blog/fingerprint-report-2027
 */
const arg = process.argv[2] ?? "";
const byKey = /^([a-z]{2})\/(blog|news)\/([a-z0-9-]+)$/.exec(arg.replace(/\.md$/, ""));
if (!byKey && !/^[1-9]\d*$/.test(arg)) {
  console.error("usage: npm run content:preview -- <article id | lang/type/key>");
  process.exit(2);
}
await withDatabase(async ({ handle }) => {
  const { rows } = await handle.db.execute<{ id: number; type: string; lang: LangKey; title: string; status: string }>(
    byKey
      ? sql`SELECT id, type, lang, title, status FROM articles WHERE lang = ${byKey[1]} AND type = ${byKey[2]} AND key = ${byKey[3]}`
      : sql`SELECT id, type, lang, title, status FROM articles WHERE id = ${Number(arg)}`,
  );
  const article = rows[0];
  const id = article?.id ?? 0;
  if (!article) {
    console.error(`No article ${arg}.`);
    process.exitCode = 1;
    return;
  }
  const token = await createPreviewToken(handle.db, id);
  const url = `${absoluteUrl(hostPlanOf(loadConfig()), article.lang, `/${article.type}/${id}`)}?preview=${token}`;
  console.log(`${article.title} (${article.status}) — valid for ${PREVIEW_TTL_MS / 60000} minutes:\n${url}`);
});
