import { sql } from "drizzle-orm";
import { DEFAULT_LANG, type LangKey } from "~/i18n/languages";
import type { Executor } from "../db/client.server";

/**
 * A page's copy in a language (page_texts, imported from content/<kind>/<lang>.yaml), English
 * where the language has none yet; null when neither exists.
 */
export async function pageText<T>(db: Executor, kind: string, lang: LangKey): Promise<T | null> {
  const { rows } = await db.execute<{ data: T }>(sql`
    SELECT data FROM page_texts WHERE kind = ${kind} AND lang IN (${lang}, ${DEFAULT_LANG})
    ORDER BY (lang = ${lang}) DESC LIMIT 1`);
  return rows[0]?.data ?? null;
}
