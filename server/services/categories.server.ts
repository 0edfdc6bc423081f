import { sql, type SQL } from "drizzle-orm";
import { DEFAULT_LANG, type LangKey } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import { helpVersionFor } from "./help.server";
import type { CategoryType } from "../db/schema";

export type Category = {
  id: number;
  slug: string;
  name: string;
  parent_id: number | null;
  sort: number;
  count: number;
};

/**
 * Categories of one type with names in the requested language (English where a name is missing).
 * `count` is the number of published items in the category for that language (help articles
 * for help categories, blog or news articles otherwise).
 */
export async function listCategories(db: Database, type: CategoryType, lang: LangKey): Promise<Category[]> {
  const { rows } = await db.execute<Category>(categoriesQuery(type, lang));
  return rows;
}

/**
 * listCategories as a query, for pages that load it with other lists in one statement. Blog and
 * news counts come from article_counts (kept by triggers; an article's category has its type)
 * less the scheduled articles, so no article row is counted (docs/decisions/0022).
 */
export function categoriesQuery(type: CategoryType, lang: LangKey): SQL {
  return sql`
    SELECT c.id, c.slug, COALESCE(t.name, d.name, c.slug) AS name, c.parent_id, c.sort,
           ${
             type === "help"
               ? sql`(SELECT count(*)::int FROM help_articles h WHERE h.category_id = c.id AND ${helpVersionFor(lang)} AND h.status = 'published')`
               : sql`(COALESCE((SELECT sum(n.published) FROM article_counts n
                              WHERE n.type = c.type AND n.lang = ${lang} AND n.tag_id = 0 AND n.category_id = c.id), 0)
                    - (SELECT count(*) FROM articles a
                       WHERE a.category_id = c.id AND a.lang = ${lang} AND a.status = 'published' AND a.published_at > now()))::int`
           } AS count
    FROM categories c
    LEFT JOIN category_translations t ON t.category_id = c.id AND t.lang = ${lang}
    LEFT JOIN category_translations d ON d.category_id = c.id AND d.lang = ${DEFAULT_LANG}
    WHERE c.type = ${type}
    ORDER BY c.sort, c.id`;
}
