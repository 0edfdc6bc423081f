import { sql } from "drizzle-orm";
import { DEFAULT_LANG, type LangKey } from "~/i18n/languages";
import type { Executor } from "../db/client.server";
import { translationInChain } from "../db/sql-helpers.server";

export interface FaqGroupView {
  id: number;
  slug: string;
  name: string;
  /** `lang`: the language the entry is written in (not the page's while it is not translated). */
  items: { id: number; slug: string; lang: LangKey; question: string; answer: string }[];
}

/**
 * The FAQ in a language, by topic, in the editors' order; a question not yet written in the
 * language is in the first language of its fallback chain that has it (docs/decisions/0029).
 */
export async function faqList(db: Executor, lang: LangKey): Promise<FaqGroupView[]> {
  const { rows } = await db.execute<{
    gid: number;
    gslug: string;
    gname: string;
    id: number;
    slug: string;
    lang: LangKey;
    question: string;
    answer: string;
  }>(sql`
    SELECT g.id AS gid, g.slug AS gslug, coalesce(gt.name, gd.name, g.slug) AS gname,
           i.id, i.slug, t.lang, t.question, t.answer_html AS answer
    FROM faq_groups g
    JOIN faq_items i ON i.group_id = g.id
    LEFT JOIN faq_group_translations gt ON gt.group_id = g.id AND gt.lang = ${lang}
    LEFT JOIN faq_group_translations gd ON gd.group_id = g.id AND gd.lang = ${DEFAULT_LANG}
    ${translationInChain(lang, { table: sql`faq_item_translations`, column: sql`item_id`, owner: sql`i.id` })}
    ORDER BY g.sort, i.sort`);
  const groups = new Map<number, FaqGroupView>();
  for (const r of rows) {
    const group = groups.get(r.gid) ?? { id: r.gid, slug: r.gslug, name: r.gname, items: [] };
    group.items.push({ id: r.id, slug: r.slug, lang: r.lang, question: r.question, answer: r.answer });
    groups.set(r.gid, group);
  }
  return [...groups.values()];
}
