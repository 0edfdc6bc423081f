import { sql, type SQL } from "drizzle-orm";
import { fallbackChain, type LangKey } from "~/i18n/languages";
import type { Executor } from "./client.server";

/** A timestamptz as ISO 8601 in UTC ("2026-11-23T02:02:19Z"), the API's time format. */
export function isoUtc(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/**
 * The row `alias` is the version a reader of `lang` gets of its item (docs/decisions/0029): its
 * language is in the reader's fallback chain and no version in an earlier language of the chain
 * exists. `versions` is the table, `sameItem` how another version of the item is found
 * (`o` is its alias) and `visible` which versions count (published ones).
 */
export function bestVersionFor(lang: LangKey, q: { alias: SQL; versions: SQL; sameItem: SQL; visible: SQL }): SQL {
  const chain = fallbackChain(lang);
  if (chain.length === 1) return sql`${q.alias}.lang = ${lang}`;
  const earlier = (i: number) =>
    sql.join(
      chain.slice(0, i).map((l) => sql`${l}`),
      sql`, `,
    );
  const cases = chain.map((l, i) =>
    i === 0
      ? sql`${q.alias}.lang = ${l}`
      : sql`(${q.alias}.lang = ${l} AND NOT EXISTS (SELECT 1 FROM ${q.versions} o WHERE ${q.sameItem} AND o.lang IN (${earlier(i)}) AND ${q.visible}))`,
  );
  return sql`(${sql.join(cases, sql` OR `)})`;
}

/**
 * `JOIN LATERAL` of the translation a reader of `lang` gets from `table` (rows keyed by `column` =
 * `owner`), aliased `t`: their language's, else the first of their fallback chain that has one.
 */
export function translationInChain(lang: LangKey, q: { table: SQL; column: SQL; owner: SQL }): SQL {
  const chain = sql`ARRAY[${sql.join(
    fallbackChain(lang).map((l) => sql`${l}`),
    sql`, `,
  )}]::text[]`;
  return sql`JOIN LATERAL (
    SELECT x.* FROM ${q.table} x WHERE x.${q.column} = ${q.owner} AND x.lang = ANY(${chain})
    ORDER BY array_position(${chain}, x.lang) LIMIT 1) t ON true`;
}

/**
 * A whole number written into a statement's text instead of sent as a parameter: the LIMIT of a
 * prepared statement (docs/decisions/0037). With a parameter there, PostgreSQL's generic plan
 * assumes the limit is a tenth of the rows, costs the plan as if it read them, and at 100,000
 * articles never adopts it: the statement is planned again on every run. Only for numbers that
 * take a few values (a page size, a constant), since each value is another statement text.
 */
export function wholeNumber(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  return sql.raw(String(n));
}

/** A staff list counts its rows up to this many for its pager; past it the total says "at least" (docs/decisions/0056). */
export const STAFF_COUNT_CAP = 10_000;

/**
 * A list's total counted up to `cap` rows: the rows read stay bounded however long the table grows.
 * `rows` is the list's `SELECT … FROM … WHERE …` (what it selects does not matter).
 */
export async function countUpTo(db: Executor, rows: SQL, cap: number): Promise<{ total: number; total_capped: boolean }> {
  const { rows: counted } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${rows} LIMIT ${cap + 1}) counted`);
  const n = counted[0]!.n;
  return { total: Math.min(n, cap), total_capped: n > cap };
}
