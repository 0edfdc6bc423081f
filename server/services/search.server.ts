/**
 * The one site search (docs/decisions/0030): the site search page and API, and the help centre's,
 * blog's and news' own search boxes (scoped to their kind and category) all ask this service.
 * - Words, not substrings: the query is cut into terms exactly as documents were
 *   (search-terms.server.ts); every word is required, in any order and at any distance.
 * - A word matches its exact term (or, for Chinese and Japanese, its parts or character pairs),
 *   its stem in the document's language where PostgreSQL has a stemmer, or, when it is not a
 *   term of the language at all and has 5+ letters, a term of the lexicon one edit away (two from
 *   9 letters). Stop words of stemmed languages are dropped, unless the query is nothing else.
 * - Ranked: all words in the title first, then exact before stemmed before near matches, then
 *   ts_rank, then the newest. Of each kind, as many title matches and other matches are ranked
 *   as the count's cap (0057): those with the most words in the title, then the newest.
 * - The visitor's language first; an item with no version in it comes from the language's
 *   fallback chain, once, marked as a fallback.
 * Every tsquery is built from quoted lexemes and passed as a bound parameter: user input never
 * becomes SQL or tsquery syntax.
 */
import { sql, type SQL } from "drizzle-orm";
import { fallbackChain, type LangKey } from "~/i18n/languages";
import { SEARCH_COUNT_CAP, type MatchKind, type SearchHit, type SearchResult } from "@contracts/search-types";
import type { MissSort, SearchMiss } from "@contracts/staff-feedback";
import type { Database, Executor } from "../db/client.server";
import { countUpTo, isoUtc, STAFF_COUNT_CAP } from "../db/sql-helpers.server";
import { SEARCH_KINDS, type SearchKind } from "../db/schema";
import { AbuseLimitExceeded, spendAllowance } from "../infrastructure/abuse-limits.server";
import { tsConfigOf } from "../infrastructure/search-index.server";
import {
  allowedEdits,
  editDistance,
  isCjk,
  matchRanges,
  normalizeQuery,
  queryWords,
  quoteLexeme,
  snippet,
  SNIPPET_LENGTH,
  type QueryWord,
} from "../infrastructure/search-terms.server";

export interface SearchQuery {
  q: string;
  lang: LangKey;
  /** Default: every kind. */
  kinds?: readonly SearchKind[];
  /** List only this kind (the others are still counted in `groups`): the search page's tabs. */
  listKind?: SearchKind;
  /** Help, blog and news sections search within one category. */
  categoryId?: number;
  /** Items not in `lang` from its fallback chain (default true). The sections' own searches stay in their language. */
  fallback?: boolean;
  /** More conditions on the documents `d` (the blog's category and tag), for the sections' own searches. */
  where?: SQL;
  /**
   * Each kind's matches are counted up to this many (default SEARCH_COUNT_CAP); past it the count
   * is the cap, marked `capped`. null counts every match (the help centre's own search: its
   * articles are written by staff, a few hundred per language).
   */
  countCap?: number | null;
  page: number;
  pageSize: number;
}

/** One word of the query as one language searches it. */
interface WordPlan {
  word: QueryWord;
  stems: string[];
  near: string[];
  stop: boolean;
}

interface LangPlan {
  lang: LangKey;
  words: WordPlan[];
}

const MATCH: MatchKind[] = ["exact", "stem", "near"];

/**
 * Each searched language's words with their stems (the language's configuration; none for
 * `simple`), whether they are stop words, and their near terms from the lexicon. One statement;
 * the trigram threshold is lowered for it alone, since a one-letter change in a five-letter word
 * leaves a third of its trigrams.
 */
async function planLanguages(db: Database, langs: readonly LangKey[], q: string): Promise<LangPlan[]> {
  const inputs: { i: number; lang: LangKey; cfg: string; term: string; fuzzy: boolean }[] = [];
  const plans: LangPlan[] = [];
  for (const lang of langs) {
    const cfg = await tsConfigOf(db, lang);
    const words = queryWords(q, lang);
    plans.push({ lang, words: words.map((word) => ({ word, stems: [], near: [], stop: false })) });
    for (const w of words) inputs.push({ i: inputs.length, lang, cfg, term: w.term, fuzzy: allowedEdits(w.term) > 0 && !isCjk(w.term) });
  }
  if (!inputs.length) return plans;
  const { rows } = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL pg_trgm.similarity_threshold = 0.2`);
    return tx.execute<{ i: number; stems: string[]; known: boolean; near: string[] }>(sql`
      SELECT w.i,
             CASE WHEN w.cfg = 'simple' THEN '{}'::text[] ELSE tsvector_to_array(to_tsvector(w.cfg::regconfig, w.term)) END AS stems,
             k.known,
             CASE WHEN w.fuzzy AND NOT k.known THEN ARRAY(
               SELECT l.term FROM search_lexicon l WHERE l.lang = w.lang AND l.term % w.term
               ORDER BY similarity(l.term, w.term) DESC, l.documents DESC, l.term LIMIT 30) ELSE '{}'::text[] END AS near
      FROM jsonb_to_recordset(${JSON.stringify(inputs)}::jsonb) AS w(i int, lang text, cfg text, term text, fuzzy boolean)
      CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM search_lexicon l WHERE l.lang = w.lang AND l.term = w.term) AS known) k`);
  });
  const byIndex = new Map(rows.map((r) => [r.i, r]));
  let at = 0;
  for (const plan of plans) {
    const stemmed = inputs.find((x) => x.lang === plan.lang)?.cfg !== "simple";
    for (const w of plan.words) {
      const row = byIndex.get(at++)!;
      const limit = allowedEdits(w.word.term);
      w.stems = row.stems;
      // A stemmed language's configuration drops its stop words: nothing left means one.
      w.stop = stemmed && row.stems.length === 0 && !isCjk(w.word.term) && !/\d/.test(w.word.term);
      w.near = row.near.filter((t) => t !== w.word.term && editDistance(t, w.word.term, limit) <= limit);
    }
    // Stop words are dropped, unless the query is only stop words.
    if (plan.words.some((w) => !w.stop)) plan.words = plan.words.filter((w) => !w.stop);
  }
  return plans;
}

const lexemes = (terms: readonly string[]) => terms.map(quoteLexeme);
const all = (terms: readonly string[]) => (terms.length === 1 ? quoteLexeme(terms[0]!) : `(${lexemes(terms).join(" & ")})`);

/** A word's alternatives up to a match kind, as tsquery text (quoted lexemes only). */
function wordQuery(w: WordPlan, upTo: MatchKind): string {
  const alts = [quoteLexeme(w.word.term)];
  if (w.word.parts.length) alts.push(all(w.word.parts));
  if (w.word.bigrams.length) alts.push(all(w.word.bigrams));
  if (upTo !== "exact") alts.push(...lexemes(w.stems));
  if (upTo === "near") alts.push(...lexemes(w.near));
  const distinct = [...new Set(alts)];
  return distinct.length === 1 ? distinct[0]! : `(${distinct.join(" | ")})`;
}

const tsquery = (plan: LangPlan, upTo: MatchKind) => plan.words.map((w) => wordQuery(w, upTo)).join(" & ");

/** SQL: the word in the title as it is (or, with `near`, as a near term), by its parts or by its character pairs. */
function titleHas(w: WordPlan, near = true): SQL {
  const alts = [sql`d.title_terms && ${sql.param([w.word.term, ...(near ? w.near : [])])}::text[]`];
  if (w.word.parts.length) alts.push(sql`d.title_terms @> ${sql.param(w.word.parts)}::text[]`);
  if (w.word.bigrams.length) alts.push(sql`d.title_terms @> ${sql.param(w.word.bigrams)}::text[]`);
  return sql`(${sql.join(alts, sql` OR `)})`;
}

/** SQL: the word in the title: as a term or near term of the title, or as one of the title's stems. */
const wordInTitle = (w: WordPlan): SQL => (w.stems.length ? sql`(${titleHas(w)} OR d.title_stems && ${sql.param(w.stems)}::text[])` : titleHas(w));

/** SQL: every word in the title. */
const inTitle = (plan: LangPlan): SQL => sql.join(plan.words.map(wordInTitle), sql` AND `);

/** SQL: how many of the query's words the title has; null for one word (a match has it in its title or is in the other branch). */
const titleWords = (plan: LangPlan): SQL | null =>
  plan.words.length === 1
    ? null
    : sql.join(
        plan.words.map((w) => sql`${wordInTitle(w)}::int`),
        sql` + `,
      );

/** SQL: every word in the title as written (the term, or all its parts or character pairs): an exact match. */
const titleAsWritten = (plan: LangPlan): SQL =>
  sql.join(
    plan.words.map((w) => titleHas(w, false)),
    sql` AND `,
  );

const visible = sql`d.published AND d.visible_from <= now()`;

/** Which of a language's matches a branch reads, and what it carries. */
type Branch =
  /**
   * The matches with every word in the title (found by the title's index), with what class and
   * rank read: at most `window` of each kind (null: all of them).
   */
  | { part: "title"; window: number | null }
  /** The others, likewise. */
  | { part: "rest"; window: number | null }
  /** Every match of one kind (a column of the statement), carrying nothing: for counting. */
  | { part: "count"; kind: SQL };

/**
 * One language's matches. A fallback language's items count only where none of the languages
 * before it in the chain has a visible version of the item (whether or not that one matched).
 */
function languageMatches(plan: LangPlan, position: number, before: readonly LangKey[], q: SearchQuery, kinds: readonly SearchKind[], branch: Branch): SQL {
  const filters = [sql`d.lang = ${plan.lang}`, visible];
  // The other matches are ranked within a window per kind, each kind read by itself (below).
  const perKind = branch.part === "rest" && branch.window !== null;
  if (branch.part === "count") filters.push(sql`d.kind = ${branch.kind}`);
  else if (perKind) filters.push(sql`d.kind = wk.kind`);
  else
    filters.push(
      sql`d.kind IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  // Every word in the title is a title match and a match (the title's terms and stems are in the
  // title's vector, and its other lexemes are in the document's): the title's index finds them
  // within the language, by the lexeme the language has there.
  if (branch.part === "title") filters.push(sql`d.title_vector @@ ${`${quoteLexeme(`lang ${plan.lang}`)} & ${tsquery(plan, "near")}`}::tsquery`, inTitle(plan));
  else filters.push(sql`d.vector @@ ${tsquery(plan, "near")}::tsquery`);
  if (branch.part === "rest") filters.push(sql`NOT (${inTitle(plan)})`);
  if (q.categoryId !== undefined) filters.push(sql`d.category_id = ${q.categoryId}`);
  if (q.where) filters.push(q.where);
  if (before.length)
    filters.push(sql`NOT EXISTS (
      SELECT 1 FROM search_documents o
      WHERE o.kind = d.kind AND o.key = d.key AND o.lang IN (${sql.join(
        before.map((l) => sql`${l}`),
        sql`, `,
      )}) AND o.published AND o.visible_from <= now())`);
  const where = sql.join(filters, sql` AND `);
  if (branch.part === "count") return sql`SELECT 1 FROM search_documents d WHERE ${where}`;
  // A title match whose title has every word as written is an exact match without reading its terms.
  const titleExact = branch.part === "title" ? titleAsWritten(plan) : sql`false`;
  const columns = sql`d.id, d.kind, d.lang, d.visible_from, ${position}::int AS pref, ${branch.part === "title" ? sql`true` : sql`false`} AS in_title, ${titleExact} AS title_exact, d.vector, d.terms_vector`;
  if (branch.window === null) return sql`SELECT ${columns} FROM search_documents d WHERE ${where}`;
  // The window (docs/decisions/0057): classing and ranking read each match's vectors, so of each
  // kind only the `window` matches with the most words in the title, then the newest, are
  // ranked. Choosing them reads the rows' own columns, never the vectors.
  // - The title matches are few (their words are all in the title): one read, numbered per kind.
  // - The others can be most of a language: each kind by its part of the index, top-N sorted.
  if (!perKind)
    return sql`
      SELECT id, kind, lang, visible_from, pref, in_title, title_exact, vector, terms_vector FROM (
        SELECT ${columns}, row_number() OVER (PARTITION BY d.kind ORDER BY d.visible_from DESC, d.id DESC) AS nth
        FROM search_documents d
        WHERE ${where}) w
      WHERE w.nth <= ${branch.window}`;
  const words = titleWords(plan);
  return sql`
    SELECT w.* FROM unnest(${sql.param([...kinds])}::text[]) AS wk(kind)
    CROSS JOIN LATERAL (
      SELECT ${columns} FROM search_documents d
      WHERE ${where}
      ORDER BY ${sql.join([...(words ? [sql`${words} DESC`] : []), sql`d.visible_from DESC, d.id DESC`], sql`, `)}
      LIMIT ${branch.window}) w`;
}

/** SQL: a value of a match `l`, by the plan of its language. */
function byLanguage(plans: readonly LangPlan[], value: (plan: LangPlan) => SQL): SQL {
  if (plans.length === 1) return value(plans[0]!);
  return sql`CASE l.lang ${sql.join(
    plans.map((plan) => sql`WHEN ${plan.lang} THEN ${value(plan)}`),
    sql` `,
  )} END`;
}

/** SQL: exact (every word as written), stemmed (the vector matches without near terms) or near. */
const matchClass = (plan: LangPlan) =>
  sql`CASE WHEN l.title_exact OR l.terms_vector @@ ${tsquery(plan, "exact")}::tsquery THEN 0 WHEN l.vector @@ ${tsquery(plan, "stem")}::tsquery THEN 1 ELSE 2 END`;

const matchRank = (plan: LangPlan) => sql`ts_rank(l.vector, ${tsquery(plan, "near")}::tsquery)`;

interface HitRow {
  id: number;
  kind: SearchKind;
  key: string;
  lang: LangKey;
  source_id: number;
  path: string;
  title: string;
  excerpt: string;
  body: string;
  visible_from: string | null;
  in_title: boolean;
  class: number;
}

/** The words a hit's language matched, for highlighting. */
function matchedTerms(plan: LangPlan) {
  const terms = plan.words.flatMap((w) => [w.word.term, ...w.word.parts, ...w.near]);
  return { terms, stems: plan.words.flatMap((w) => w.stems) };
}

function toHit(row: HitRow, plan: LangPlan, visitorLang: LangKey): SearchHit {
  const matched = matchedTerms(plan);
  const titleMarks = matchRanges(row.title, row.lang, matched);
  let excerpt = row.excerpt;
  let excerptMarks = matchRanges(excerpt, row.lang, matched);
  if (!excerptMarks.length && row.body) {
    // The summary does not show why it was found: the passage of the body that does.
    const ranges = matchRanges(row.body, row.lang, matched, SNIPPET_LENGTH);
    if (ranges.length) ({ text: excerpt, marks: excerptMarks } = snippet(row.body, ranges));
  }
  if (excerpt.length > 320) ({ text: excerpt, marks: excerptMarks } = snippet(excerpt, excerptMarks, 300));
  return {
    kind: row.kind,
    id: row.source_id,
    key: row.key,
    lang: row.lang,
    fallback: row.lang !== visitorLang,
    path: row.path,
    title: row.title,
    excerpt,
    title_marks: titleMarks,
    excerpt_marks: excerptMarks,
    match: MATCH[row.class]!,
    in_title: row.in_title,
    published_at: row.visible_from,
  };
}

/** Searches; an empty result for a query without words (punctuation only, or nothing). */
export async function search(db: Database, q: SearchQuery): Promise<SearchResult> {
  const kinds = q.kinds?.length ? q.kinds : SEARCH_KINDS;
  const empty: SearchResult = { query: q.q, groups: [], list: [], total: 0, total_capped: false, page: q.page, page_size: q.pageSize };
  const chain = q.fallback === false ? [q.lang] : [...fallbackChain(q.lang)];
  const plans = (await planLanguages(db, chain, q.q)).filter((p) => p.words.length > 0);
  if (!plans.length || plans[0]!.lang !== q.lang) return empty;
  const listed = q.listKind ? [q.listKind] : kinds;
  const branches = (branch: Branch, branchKinds: readonly SearchKind[]) =>
    sql.join(
      plans.map((plan, i) => languageMatches(plan, i, chain.slice(0, chain.indexOf(plan.lang)), q, branchKinds, branch)),
      sql` UNION ALL `,
    );
  const order = (m: SQL) => sql`${m}.in_title DESC, ${m}.class, ${m}.pref, ${m}.rank DESC, ${m}.visible_from DESC, ${m}.id`;
  const offset = (q.page - 1) * q.pageSize;
  const cap = q.countCap === undefined ? SEARCH_COUNT_CAP : q.countCap;
  // What a search reads does not grow with the matches where it can help it (docs/decisions/0055):
  // - The matches with every word in the title come first in the order: the title's index finds
  //   them alone. Only when they do not fill the page are the others read, classed and ranked.
  // - Each kind's matches are counted up to the cap, past which a count says "at least".
  // - Of each kind, as many title matches and as many others as the cap are classed and ranked (0057).
  // Classing and ranking read a document's vectors (a long one's are pointers to TOAST rows,
  // fetched only when read); what a hit shows is read for the page's rows alone.
  const { rows } = await db.execute<{ groups: { kind: SearchKind; count: number }[]; list: HitRow[] }>(sql`
    WITH t AS MATERIALIZED (${branches({ part: "title", window: cap }, listed)}),
         r AS (${branches({ part: "rest", window: cap }, listed)}),
         l AS (SELECT t.* FROM t
               UNION ALL
               SELECT r.* FROM r WHERE (SELECT count(*) FROM t) < ${offset + q.pageSize}),
         c AS (SELECT l.*, ${byLanguage(plans, matchClass)} AS class, ${byLanguage(plans, matchRank)} AS rank FROM l)
    SELECT (SELECT COALESCE(json_agg(json_build_object('kind', k.kind, 'count', n.n) ORDER BY k.ord), '[]'::json)
            FROM unnest(${sql.param([...kinds])}::text[]) WITH ORDINALITY AS k(kind, ord)
            CROSS JOIN LATERAL (
              SELECT count(*)::int AS n
              FROM (${branches({ part: "count", kind: sql`k.kind` }, kinds)} ${cap === null ? sql`` : sql`LIMIT ${cap + 1}`}) x) n
            WHERE n.n > 0) AS groups,
           (SELECT COALESCE(json_agg(json_build_object(
                     'id', p.id, 'kind', p.kind, 'key', s.key, 'lang', p.lang, 'source_id', s.source_id, 'path', s.path,
                     'title', s.title, 'excerpt', s.excerpt, 'body', s.body, 'visible_from', CASE WHEN isfinite(p.visible_from) THEN ${isoUtc(sql`p.visible_from`)} END,
                     'in_title', p.in_title, 'class', p.class) ORDER BY ${order(sql`p`)}), '[]'::json)
            FROM (SELECT c.* FROM c ORDER BY ${order(sql`c`)} LIMIT ${q.pageSize} OFFSET ${offset}) p
            JOIN search_documents s ON s.id = p.id) AS list`);
  const row = rows[0]!;
  const groups = row.groups.map(({ kind, count }) => (cap !== null && count > cap ? { kind, count: cap, capped: true } : { kind, count, capped: false }));
  const shown = q.listKind ? groups.filter((g) => g.kind === q.listKind) : groups;
  const planOf = new Map(plans.map((p) => [p.lang, p]));
  return {
    query: q.q,
    groups,
    list: row.list.map((hit) => toHit(hit, planOf.get(hit.lang)!, q.lang)),
    total: shown.reduce((n, g) => n + g.count, 0),
    total_capped: shown.some((g) => g.capped),
    page: q.page,
    page_size: q.pageSize,
  };
}

// ---- searches without results ---------------------------------------------------------------

/** Where a search was made: the site search (every kind) or a section's own search box. */
export type SearchScope = "site" | "help" | "blog" | "news";

/**
 * A search that found nothing, counted per language, scope and normalised query for editors.
 * Within the "search-miss" abuse limits: past them a miss is simply not recorded, so nobody can
 * flood the editors' list; the visitor's search is unaffected either way.
 */
export async function recordSearchMiss(db: Database, miss: { lang: LangKey; scope: SearchScope; query: string; ip: string | undefined }): Promise<boolean> {
  const normalised = normalizeQuery(miss.query, miss.lang);
  if (!normalised) return false;
  try {
    await db.transaction(async (tx) => {
      await spendAllowance(tx, "search-miss", { ip: miss.ip });
      await tx.execute(sql`
        INSERT INTO search_misses (lang, scope, query) VALUES (${miss.lang}, ${miss.scope}, ${normalised})
        ON CONFLICT (lang, scope, query) DO UPDATE SET count = search_misses.count + 1, last_seen = now()`);
    });
    return true;
  } catch (err) {
    if (err instanceof AbuseLimitExceeded) return false;
    throw err;
  }
}

/** Records a miss without holding up the answer; a failure to record is logged, never the visitor's problem. */
export function noteSearchMiss(db: Database, logger: { warn: (o: object, m: string) => void }, miss: Parameters<typeof recordSearchMiss>[1]): Promise<void> {
  return recordSearchMiss(db, miss).then(
    () => undefined,
    (err) => logger.warn({ err }, "recording a search miss failed"),
  );
}

/** Searches that found nothing (optionally in one language), most frequent or most recent first, one page; the total counted up to the cap. */
export async function listSearchMisses(
  db: Executor,
  q: { lang?: LangKey; sort: MissSort; page: number; pageSize: number; countCap?: number },
): Promise<{ list: SearchMiss[]; total: number; total_capped: boolean; page: number; page_size: number }> {
  const where = q.lang ? sql`m.lang = ${q.lang}` : sql`true`;
  // The table's columns by their qualified names: a bare `last_seen` in ORDER BY is the output
  // column of that name (the formatted text), which no index gives in order.
  const order = q.sort === "recent" ? sql`m.last_seen DESC, m.count DESC, m.query` : sql`m.count DESC, m.last_seen DESC, m.query`;
  const [{ rows }, counted] = await Promise.all([
    db.execute<SearchMiss & Record<string, unknown>>(sql`
      SELECT m.lang, m.scope, m.query, m.count, ${isoUtc(sql`m.first_seen`)} AS first_seen, ${isoUtc(sql`m.last_seen`)} AS last_seen
      FROM search_misses m WHERE ${where} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    countUpTo(db, sql`SELECT 1 FROM search_misses m WHERE ${where}`, q.countCap ?? STAFF_COUNT_CAP),
  ]);
  return { list: rows, ...counted, page: q.page, page_size: q.pageSize };
}
