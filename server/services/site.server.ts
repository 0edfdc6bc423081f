import { and, eq, inArray, sql } from "drizzle-orm";
import { DEFAULT_LANG, type LangKey } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import { siteSettings } from "../db/schema";

export interface BaseInfo {
  title: string;
  keywords: string;
  description: string;
  statistical_body: string;
  statistical_title: string;
}

/** The page's language, falling back to the default language's row if editors have not filled it in. */
export async function getBaseInfo(db: Database, lang: LangKey, page = "home"): Promise<BaseInfo | null> {
  const rows = await db
    .select({
      lang: siteSettings.lang,
      title: siteSettings.title,
      keywords: siteSettings.keywords,
      description: siteSettings.description,
      statistical_body: siteSettings.statisticalBody,
      statistical_title: siteSettings.statisticalTitle,
    })
    .from(siteSettings)
    .where(and(eq(siteSettings.page, page), inArray(siteSettings.lang, [lang, DEFAULT_LANG])))
    .orderBy(sql`${siteSettings.lang} = ${lang} DESC`)
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { lang: _lang, ...info } = row;
  return info;
}
