/**
 * Use-case and solution pages (api.md "Use cases, partners, referral"): their words per
 * language, the previous/next chain of the scenarios (content/use-cases.yaml order,
 * docs/decisions/0015) and related blog articles chosen by tag.
 */
import { sql } from "drizzle-orm";
import type { LangKey } from "~/i18n/languages";
import type { UseCaseDetail as UseCasePage, UseCaseSummary } from "@contracts/use-cases";
import type { Database } from "../db/client.server";
import { translationInChain } from "../db/sql-helpers.server";
import type { UseCaseKind } from "../db/schema";
import { articlesWithTags } from "./articles.server";

export type { UseCaseSummary };
/** A page as the API and the route answer it: with the languages it exists in, for hreflang. */
export type UseCaseDetail = UseCasePage & { languages: LangKey[] };

/**
 * The words a reader of `lang` gets for each page: their language's, or while a page is not
 * translated the first of their fallback chain that has it (docs/decisions/0029).
 */
const versionFor = (lang: LangKey) => translationInChain(lang, { table: sql`use_case_translations`, column: sql`use_case_id`, owner: sql`u.id` });

/** The pages of a kind, in their order, each in the reader's language or its fallback (`lang` says which). */
export async function listUseCases(db: Database, lang: LangKey, kind: UseCaseKind = "scenario"): Promise<UseCaseSummary[]> {
  const { rows } = await db.execute<UseCaseSummary & Record<string, unknown>>(sql`
    SELECT u.slug, t.lang, t.title, t.summary
    FROM use_cases u ${versionFor(lang)}
    WHERE u.kind = ${kind}
    ORDER BY u.sort`);
  return rows;
}

export async function getUseCase(db: Database, lang: LangKey, slug: string, kind?: UseCaseKind): Promise<UseCaseDetail | null> {
  const { rows } = await db.execute<
    Omit<UseCaseDetail, "prev" | "next" | "related_articles"> & { id: number; sort: number; tags: string[] } & Record<string, unknown>
  >(sql`
    SELECT u.id, u.kind, u.slug, u.sort, u.tags, u.apps, u.drawing, t.lang, t.title, t.summary, t.seo_description, t.features, t.sections,
           to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
           ARRAY(SELECT lang FROM use_case_translations WHERE use_case_id = u.id ORDER BY lang) AS languages
    FROM use_cases u ${versionFor(lang)}
    WHERE u.slug = ${slug} ${kind ? sql`AND u.kind = ${kind}` : sql``}`);
  const row = rows[0];
  if (!row) return null;
  const { id: _id, sort, tags, ...page } = row;
  // Neighbours in the chain, as this reader's list has them; solution pages stand alone.
  const neighbour = (direction: "prev" | "next") =>
    row.kind !== "scenario"
      ? Promise.resolve(null)
      : db
          .execute<UseCaseSummary & Record<string, unknown>>(
            sql`
            SELECT u.slug, t.lang, t.title, t.summary
            FROM use_cases u ${versionFor(lang)}
            WHERE u.kind = 'scenario' AND ${direction === "prev" ? sql`u.sort < ${sort}` : sql`u.sort > ${sort}`}
            ORDER BY ${direction === "prev" ? sql`u.sort DESC` : sql`u.sort ASC`} LIMIT 1`,
          )
          .then((r) => r.rows[0] ?? null);
  const [prev, next, related] = await Promise.all([neighbour("prev"), neighbour("next"), articlesWithTags(db, lang, tags, 3)]);
  return { ...page, prev, next, related_articles: related };
}
