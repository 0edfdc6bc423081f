/**
 * Keeps the site search's index (search_documents, docs/decisions/0030) in step with the content
 * tables. Each source row has a version made of a few cheap columns (its source hash, status,
 * publication time, category, path, and INDEX_VERSION): a sync reads the versions, makes terms
 * again only for the rows whose version changed or that are new, and drops the rows whose source
 * is gone. An import of one changed file re-segments one document, not the whole site.
 * Runs after every import (start-up, `npm run content:import`) and inside the transaction of
 * every staff publish (immediate or scheduled).
 */
import { sql, type SQL } from "drizzle-orm";
import { isLangKey, type LangKey } from "~/i18n/languages";
import type { Executor } from "../db/client.server";
import type { SearchKind } from "../db/schema";
import type { Logger } from "../logger.server";
import { titleAndBodyTerms } from "./search-terms.server";

/** Bump when the term maker changes: every row is made again at the next sync. */
export const INDEX_VERSION = "2";

/** The languages PostgreSQL has a Snowball stemmer for; the others search by exact terms and the lexicon's near matches. */
export const STEMMER_CONFIGS: Partial<Record<LangKey, string>> = {
  en: "english",
  ru: "russian",
  es: "spanish",
  pt: "portuguese",
  fr: "french",
  tr: "turkish",
  hi: "hindi",
};

/** What the server has of STEMMER_CONFIGS (hindi is new in PostgreSQL 16's Snowball): the rest fall back to simple. */
let available: Promise<Set<string>> | undefined;
export async function tsConfigOf(db: Executor, lang: LangKey): Promise<string> {
  available ??= db
    .execute<{ cfgname: string }>(sql`SELECT cfgname FROM pg_ts_config`)
    .then((r) => new Set(r.rows.map((row) => row.cfgname)))
    .catch((err) => {
      available = undefined;
      throw err;
    });
  const wanted = STEMMER_CONFIGS[lang];
  return wanted && (await available).has(wanted) ? wanted : "simple";
}

/** How much of a body is kept beside its terms, for the snippet around a match. */
const BODY_KEPT = 6_000;
const EXCERPT_LENGTH = 240;

interface SourceRow {
  kind: SearchKind;
  lang: string;
  key: string;
  source_id: number;
  category_id: number | null;
  path: string;
  title: string;
  excerpt: string;
  body: string;
  /** HTML parts of the body (release notes, use-case sections, FAQ answers), made plain here. */
  html: string;
  published: boolean;
  visible_from: string;
  version: string;
}

const FOREVER = sql`'-infinity'::timestamptz`;
const v = (...parts: SQL[]) => sql`md5(concat_ws('|', ${INDEX_VERSION}::text, ${sql.join(parts, sql`, `)}))`;

/**
 * Each kind's rows: `version` is cheap (no text read), and `full` adds the texts for the rows that
 * are indexed again. Every expression is written once for both.
 */
const SOURCES: Record<SearchKind, (full: boolean) => SQL> = {
  help: (full) => sql`
    SELECT 'help'::text AS kind, h.lang, h.key, h.id AS source_id, h.category_id, '/helps/' || h.id AS path,
           h.status = 'published' AS published, ${FOREVER} AS visible_from,
           ${v(sql`h.source_hash`, sql`h.status`, sql`h.id`, sql`h.category_id`)} AS version
           ${full ? sql`, h.title, h.summary AS excerpt, h.search_text AS body, '' AS html` : sql``}
    FROM help_articles h`,
  blog: (full) => articleSource("blog", full),
  news: (full) => articleSource("news", full),
  faq: (full) => sql`
    SELECT 'faq'::text AS kind, t.lang, i.slug AS key, i.id AS source_id, NULL::int AS category_id, '/faq#' || i.slug AS path,
           true AS published, ${FOREVER} AS visible_from,
           ${v(sql`md5(t.question || t.answer_html)`, sql`i.slug`)} AS version
           ${full ? sql`, t.question AS title, '' AS excerpt, '' AS body, t.answer_html AS html` : sql``}
    FROM faq_item_translations t JOIN faq_items i ON i.id = t.item_id`,
  release: (full) => sql`
    SELECT 'release'::text AS kind, n.lang, r.version AS key, r.id AS source_id, NULL::int AS category_id, '/release/' || r.id AS path,
           true AS published, r.released_at AS visible_from,
           ${v(sql`n.source_hash`, sql`r.id`, sql`r.released_at`)} AS version
           ${full ? sql`, r.version AS title, n.summary AS excerpt, n.summary AS body, (SELECT string_agg(x, ' ') FROM jsonb_each(n.sections) s, jsonb_array_elements_text(s.value) x) AS html` : sql``}
    FROM release_notes n JOIN releases r ON r.id = n.release_id`,
  use_case: (full) => sql`
    SELECT 'use_case'::text AS kind, t.lang, u.slug AS key, u.id AS source_id, NULL::int AS category_id,
           CASE u.kind WHEN 'solution' THEN '/solutions/' ELSE '/scenarios/' END || u.slug AS path,
           true AS published, ${FOREVER} AS visible_from,
           ${v(sql`t.source_hash`, sql`u.kind`, sql`u.slug`)} AS version
           ${
             full
               ? sql`, t.title, t.summary AS excerpt,
                  concat_ws(' ', t.summary, (SELECT string_agg(f->>'title' || ' ' || (f->>'text'), ' ') FROM jsonb_array_elements(t.features) f)) AS body,
                  (SELECT string_agg((s->>'title') || ' ' || (s->>'html'), ' ') FROM jsonb_array_elements(t.sections) s) AS html`
               : sql``
           }
    FROM use_case_translations t JOIN use_cases u ON u.id = t.use_case_id`,
};

function articleSource(type: "blog" | "news", full: boolean): SQL {
  return sql`
    SELECT ${type}::text AS kind, a.lang, a.key, a.id AS source_id, a.category_id, ${`/${type}/`} || a.id AS path,
           a.status = 'published' AS published, a.published_at AS visible_from,
           ${v(sql`a.source_hash`, sql`a.status`, sql`a.published_at`, sql`a.id`, sql`a.category_id`)} AS version
           ${full ? sql`, a.title, a.summary AS excerpt, a.search_text AS body, '' AS html` : sql``}
    FROM articles a WHERE a.type = ${type}`;
}

/** The content-document kinds of the staff area, and the search kinds a publish of one may change. */
export const SEARCH_KINDS_OF_DOCUMENT: Record<string, readonly SearchKind[]> = {
  article: ["blog", "news"],
  help: ["help"],
  faq: ["faq"],
  "release-list": ["release"],
  "release-notes": ["release"],
  "use-case-list": ["use_case"],
  "use-case": ["use_case"],
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Sanitised HTML as plain text: tags become spaces, entities their characters. */
export function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

const flat = (text: string) => text.replace(/\s+/g, " ").trim();

/** A source row as an index row: plain texts, terms, the language's text search configuration. */
async function indexRow(db: Executor, row: SourceRow) {
  if (!isLangKey(row.lang)) return null;
  const body = flat([row.body ?? "", plainText(row.html ?? "")].join(" "));
  const excerpt = flat(row.excerpt ?? "") || body.slice(0, EXCERPT_LENGTH);
  const { titleTerms, bodyTerms } = titleAndBodyTerms(row.title, body, row.lang);
  return {
    kind: row.kind,
    lang: row.lang,
    key: row.key,
    source_id: row.source_id,
    category_id: row.category_id,
    path: row.path,
    title: row.title,
    excerpt,
    body: body.slice(0, BODY_KEPT),
    published: row.published,
    visible_from: row.visible_from,
    version: row.version,
    ts_config: await tsConfigOf(db, row.lang),
    title_terms: titleTerms,
    body_terms: bodyTerms,
  };
}

export interface SyncResult {
  indexed: number;
  removed: number;
}

const BATCH = 200;
/** Documents per INSERT: a help article's terms and stems take a few milliseconds each, more under load. */
const WRITE_BATCH = 25;

/**
 * Brings the index of `kinds` (default all) up to date with their sources. Safe to run inside a
 * caller's transaction (a staff publish) and concurrently with another sync: upserts by
 * (kind, lang, key), so the last writer's version stands and the next sync corrects a stale one.
 */
export async function syncSearchIndex(db: Executor, logger: Logger, kinds: readonly SearchKind[] = Object.keys(SOURCES) as SearchKind[]): Promise<SyncResult> {
  const result: SyncResult = { indexed: 0, removed: 0 };
  if (kinds.length === 0) return result;
  const started = performance.now();
  const versions = sql.join(
    kinds.map((k) => SOURCES[k](false)),
    sql` UNION ALL `,
  );
  const { rows: stale } = await db.execute<{ kind: SearchKind; lang: string; key: string }>(sql`
    SELECT s.kind, s.lang, s.key FROM (${versions}) s
    LEFT JOIN search_documents d ON d.kind = s.kind AND d.lang = s.lang AND d.key = s.key
    WHERE d.version IS DISTINCT FROM s.version
    ORDER BY s.kind, s.lang, s.key`);
  for (let i = 0; i < stale.length; i += BATCH) {
    const batch = stale.slice(i, i + BATCH);
    const wanted = JSON.stringify(batch.map((r) => [r.kind, r.lang, r.key]));
    const full = sql.join(
      [...new Set(batch.map((r) => r.kind))].map((k) => SOURCES[k](true)),
      sql` UNION ALL `,
    );
    const { rows } = await db.execute<SourceRow & Record<string, unknown>>(sql`
      SELECT s.kind, s.lang, s.key, s.source_id, s.category_id, s.path, s.title, s.excerpt, s.body, s.html, s.published,
             s.visible_from::text AS visible_from, s.version
      FROM (${full}) s
      WHERE (s.kind, s.lang, s.key) IN (SELECT w->>0, w->>1, w->>2 FROM jsonb_array_elements(${wanted}::jsonb) w)`);
    const indexed = (await Promise.all(rows.map((r) => indexRow(db, r)))).filter((d) => d !== null);
    // Written a few documents per statement: each one's vector and lexicon terms are computed in
    // the statement, and a first start on a busy machine must stay within the statement timeout.
    for (let j = 0; j < indexed.length; j += WRITE_BATCH) {
      const docs = indexed.slice(j, j + WRITE_BATCH);
      await db.execute(sql`
        INSERT INTO search_documents (kind, lang, key, source_id, category_id, path, title, excerpt, body, published, visible_from,
                                      version, ts_config, title_terms, body_terms, indexed_at)
        SELECT r.kind, r.lang, r.key, r.source_id, r.category_id, r.path, r.title, r.excerpt, r.body, r.published,
               r.visible_from::timestamptz,
               r.version, r.ts_config::regconfig,
               ARRAY(SELECT jsonb_array_elements_text(r.title_terms)), ARRAY(SELECT jsonb_array_elements_text(r.body_terms)), now()
        FROM jsonb_to_recordset(${JSON.stringify(docs)}::jsonb) AS r(
          kind text, lang text, key text, source_id int, category_id int, path text, title text, excerpt text, body text,
          published boolean, visible_from text, version text, ts_config text, title_terms jsonb, body_terms jsonb)
        ON CONFLICT (kind, lang, key) DO UPDATE SET
          source_id = excluded.source_id, category_id = excluded.category_id, path = excluded.path, title = excluded.title,
          excerpt = excluded.excerpt, body = excluded.body, published = excluded.published, visible_from = excluded.visible_from,
          version = excluded.version, ts_config = excluded.ts_config, title_terms = excluded.title_terms,
          body_terms = excluded.body_terms, indexed_at = now()`);
    }
    result.indexed += indexed.length;
  }
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const removed = await db.execute(sql`
    DELETE FROM search_documents d WHERE d.kind IN (${kindList})
      AND NOT EXISTS (SELECT 1 FROM (${versions}) s WHERE s.kind = d.kind AND s.lang = d.lang AND s.key = d.key)`);
  result.removed = removed.rowCount ?? 0;
  if (result.indexed || result.removed) {
    logger.info({ ...result, kinds, ms: Math.round(performance.now() - started) }, "search index updated");
  }
  return result;
}
