/**
 * Translation coverage (issue 13, the staff area's /admin/translations): every content item and
 * every interface namespace by language, each version current, missing, older than its source or
 * incomplete, with the content path the editor opens.
 *
 * READ-ONLY AND CROSS-DOMAIN ON PURPOSE: it reads the tables of several domains (articles,
 * help_articles, faq_*, releases/release_notes, partners/partner_translations, use_cases/
 * use_case_translations, site_settings, and content_documents for staff edits) and the interface
 * texts under app/locales. It writes nothing and no other code depends on it, so it sits in a
 * file of its own instead of spreading one report across seven services.
 *
 * Rules:
 * - The source of an item is its English version, or its Chinese one when it has no English
 *   version (articles written only in Chinese); failing both, the first language that has it.
 * - A version's "last change" is the best time the tables give: articles, help and use cases their
 *   updated_at (from the front matter), FAQ questions and partner texts their updated_at (set when
 *   the import changes them), site texts site_settings.updated_at; where a staff edit of that
 *   content path is published (content_documents), the later of the two. Release notes have no
 *   time of their own: only a published staff edit gives them one.
 * - A version is OLDER when its source changed more than a minute after it did (imports write a
 *   file's languages a few milliseconds apart; that is not a change). A version with no time at
 *   all is older only than a source that has one (the source was edited in the staff area since).
 * - FAQ and partner texts are one file per language: a language that lacks some of the source's
 *   questions or partners is INCOMPLETE; otherwise each entry is compared with the source's.
 * - Interface namespaces (app/locales/<lang>/<ns>.json) compare key sets with English, plural
 *   forms counted once (languages have different plural forms): missing keys make INCOMPLETE.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { DEFAULT_LANG, LANG_KEYS, type LangKey } from "~/i18n/languages";
import {
  COVERAGE_STATUSES,
  type CoverageCell,
  type CoverageKind,
  type CoverageReport,
  type CoverageRow,
  type CoverageStatus,
} from "@contracts/translation-coverage";
import type { Executor } from "../db/client.server";
import { isoUtc } from "../db/sql-helpers.server";
import { getNamespace, listNamespaces, type MessageTree } from "../i18n/messages.server";
import { LOCALES_DIR } from "../paths.server";

/** An import writes a file's languages a few milliseconds apart: differences below this are no change. */
const SAME_CHANGE_MS = 60_000;

/** Each kind's content path for one language (content/README.md). */
export function contentPath(kind: Exclude<CoverageKind, "interface">, lang: LangKey, key: string): string {
  switch (kind) {
    case "blog":
    case "news":
      return `articles/${lang}/${kind}/${key}.md`;
    case "help":
      return `help/${lang}/${key}.md`;
    case "faq":
      return `faq/${lang}.yaml`;
    case "releases":
      return `releases/${lang}/${key}.yaml`;
    case "partners":
      return `partners/${lang}.yaml`;
    case "use-cases":
      return `use-cases/${lang}/${key}.md`;
    case "solutions":
      return `solutions/${lang}/${key}.md`;
    case "site":
      return `site/${lang}.json`;
  }
}

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);
const latest = (...values: (string | null | undefined)[]) =>
  values
    .filter((v): v is string => Boolean(v))
    .sort()
    .at(-1) ?? null;

/** English, else Chinese, else the first language (in the one list's order) that has the item. */
function pickSource(present: (lang: LangKey) => boolean): LangKey | null {
  if (present(DEFAULT_LANG)) return DEFAULT_LANG;
  if (present("zh")) return "zh";
  return LANG_KEYS.find(present) ?? null;
}

/** The version changed before its source did (beyond the same-import margin). */
function isOlder(version: string | null, source: string | null): boolean {
  const s = ms(source);
  if (s === null) return false;
  const v = ms(version);
  return v === null || s - v > SAME_CHANGE_MS;
}

interface StaffDocs {
  /** Content path → when its published staff edit went live. */
  published: Map<string, string>;
  /** Content paths with an unpublished or scheduled draft. */
  pending: Set<string>;
}

async function staffDocuments(db: Executor): Promise<StaffDocs> {
  const { rows } = await db.execute<{ path: string; published: string | null; pending: boolean }>(sql`
    SELECT path,
           CASE WHEN published_source IS NOT NULL THEN ${isoUtc(sql`coalesce(published_at, updated_at)`)} END AS published,
           (published_source IS NULL OR draft_source IS DISTINCT FROM published_source OR publish_at IS NOT NULL) AS pending
    FROM content_documents`);
  return {
    published: new Map(rows.filter((r) => r.published).map((r) => [r.path, r.published!])),
    pending: new Set(rows.filter((r) => r.pending).map((r) => r.path)),
  };
}

// ---- items with one version per language ------------------------------------------------------

interface Version {
  lang: LangKey;
  title: string;
  changed_at: string | null;
}

/** An item written once per language (article, help article, release notes, use case, site texts). */
function versionRow(
  kind: Exclude<CoverageKind, "interface" | "faq" | "partners">,
  key: string,
  versions: Version[],
  docs: StaffDocs,
  fallbackTitle = key,
): CoverageRow {
  const byLang = new Map<LangKey, Version>();
  for (const v of versions) {
    const p = contentPath(kind, v.lang, key);
    byLang.set(v.lang, { ...v, changed_at: latest(v.changed_at, docs.published.get(p)) });
  }
  const sourceLang = pickSource((l) => byLang.has(l));
  const source = sourceLang ? byLang.get(sourceLang)! : null;
  const cells = LANG_KEYS.map((lang): CoverageCell => {
    const p = contentPath(kind, lang, key);
    const version = byLang.get(lang);
    const isSource = lang === sourceLang;
    const status: CoverageStatus = !version ? "missing" : !isSource && isOlder(version.changed_at, source!.changed_at) ? "older" : "current";
    return {
      lang,
      status,
      path: p,
      from: !version && sourceLang ? contentPath(kind, sourceLang, key) : null,
      changed_at: version?.changed_at ?? null,
      source_changed_at: isSource ? null : (source?.changed_at ?? null),
      have: null,
      need: null,
      source: isSource,
      draft: docs.pending.has(p),
    };
  });
  return { kind, key, title: source?.title || fallbackTitle, source_lang: sourceLang ?? DEFAULT_LANG, cells };
}

// ---- files of entries, one per language ---------------------------------------------------------

interface Entry {
  lang: LangKey;
  entry: string;
  changed_at: string | null;
}

/** A file per language holding entries (FAQ questions, partner texts, interface keys). */
function entriesRow(
  kind: "faq" | "partners" | "interface",
  key: string,
  title: string,
  entries: Entry[],
  docs: StaffDocs | null,
  exists?: (lang: LangKey) => boolean,
): CoverageRow {
  const byLang = new Map<LangKey, Map<string, string | null>>();
  for (const e of entries) {
    let m = byLang.get(e.lang);
    if (!m) byLang.set(e.lang, (m = new Map()));
    m.set(e.entry, e.changed_at);
  }
  const has = (lang: LangKey) => (exists ? exists(lang) : (byLang.get(lang)?.size ?? 0) > 0);
  const sourceLang = pickSource(has);
  const source = sourceLang ? (byLang.get(sourceLang) ?? new Map<string, string | null>()) : new Map<string, string | null>();
  const sourceChanged = latest(...source.values());
  const cells = LANG_KEYS.map((lang): CoverageCell => {
    const p = kind === "interface" ? null : contentPath(kind, lang, key);
    const mine = byLang.get(lang) ?? new Map<string, string | null>();
    const isSource = lang === sourceLang;
    const have = [...source.keys()].filter((k) => mine.has(k)).length;
    const older = !isSource && [...source].some(([k, changed]) => mine.has(k) && isOlder(mine.get(k) ?? null, changed));
    const status: CoverageStatus = !has(lang) ? "missing" : have < source.size ? "incomplete" : older ? "older" : "current";
    return {
      lang,
      status,
      path: p,
      from: status === "missing" && kind !== "interface" && sourceLang ? contentPath(kind, sourceLang, key) : null,
      changed_at: latest(...mine.values()),
      source_changed_at: isSource ? null : sourceChanged,
      have: has(lang) ? have : 0,
      need: source.size,
      source: isSource,
      draft: p !== null && docs !== null && docs.pending.has(p),
    };
  });
  return { kind, key, title, source_lang: sourceLang ?? DEFAULT_LANG, cells };
}

/** Dotted keys of a message tree, each plural form (_one, _few, …) counted as its base key. */
function messageKeys(tree: MessageTree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "object" ? messageKeys(v, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, "")}`],
  );
}

function interfaceRows(): CoverageRow[] {
  return listNamespaces().map((ns) => {
    const exists = (lang: LangKey) => fs.existsSync(path.join(LOCALES_DIR, lang, `${ns}.json`));
    const entries = LANG_KEYS.filter(exists).flatMap((lang) =>
      [...new Set(messageKeys(getNamespace(lang, ns)))].map((entry) => ({ lang, entry, changed_at: null })),
    );
    return entriesRow("interface", ns, `${ns}.json`, entries, null, exists);
  });
}

// ---- the report ---------------------------------------------------------------------------------

const group = <T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    map.set(k, [...(map.get(k) ?? []), item]);
  }
  return map;
};

const versionCompare = (a: string, b: string) => {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pb[i] ?? 0) - (pa[i] ?? 0);
  return 0;
};

/** Every row of every kind, unfiltered. */
async function coverageRows(db: Executor, kind?: CoverageKind): Promise<CoverageRow[]> {
  const wants = (k: CoverageKind) => !kind || kind === k;
  const docs = await staffDocuments(db);
  const rows: CoverageRow[] = [];
  const none = Promise.resolve({ rows: [] as never[] });

  const [articles, help, faq, releases, partners, useCases, site] = await Promise.all([
    wants("blog") || wants("news")
      ? db.execute<{ type: "blog" | "news"; key: string; lang: LangKey; title: string; changed_at: string }>(sql`
          SELECT type, key, lang, title, ${isoUtc(sql`updated_at`)} AS changed_at FROM articles ORDER BY type, key`)
      : none,
    wants("help")
      ? db.execute<{ key: string; lang: LangKey; title: string; changed_at: string }>(sql`
          SELECT h.key, h.lang, h.title, ${isoUtc(sql`h.updated_at`)} AS changed_at
          FROM help_articles h JOIN categories c ON c.id = h.category_id ORDER BY c.sort, h.sort, h.key`)
      : none,
    wants("faq")
      ? db.execute<{ entry: string; lang: LangKey; changed_at: string }>(sql`
          SELECT i.slug AS entry, t.lang, ${isoUtc(sql`t.updated_at`)} AS changed_at
          FROM faq_item_translations t JOIN faq_items i ON i.id = t.item_id`)
      : none,
    wants("releases")
      ? db.execute<{ version: string; lang: LangKey | null }>(sql`
          SELECT r.version, n.lang FROM releases r LEFT JOIN release_notes n ON n.release_id = r.id`)
      : none,
    wants("partners")
      ? db.execute<{ entry: string; lang: LangKey; changed_at: string }>(sql`
          SELECT p.slug AS entry, t.lang, ${isoUtc(sql`t.updated_at`)} AS changed_at
          FROM partner_translations t JOIN partners p ON p.id = t.partner_id`)
      : none,
    wants("use-cases") || wants("solutions")
      ? db.execute<{ kind: "scenario" | "solution"; slug: string; lang: LangKey | null; title: string | null; changed_at: string | null }>(sql`
          SELECT u.kind, u.slug, t.lang, t.title, ${isoUtc(sql`t.updated_at`)} AS changed_at
          FROM use_cases u LEFT JOIN use_case_translations t ON t.use_case_id = u.id ORDER BY u.sort`)
      : none,
    wants("site")
      ? db.execute<{ lang: LangKey; title: string; changed_at: string }>(sql`
          SELECT lang, title, ${isoUtc(sql`updated_at`)} AS changed_at FROM site_settings WHERE page = 'home'`)
      : none,
  ]);

  for (const type of ["blog", "news"] as const) {
    if (!wants(type)) continue;
    for (const [key, versions] of group(
      articles.rows.filter((r) => r.type === type),
      (r) => r.key,
    ))
      rows.push(versionRow(type, key, versions, docs));
  }
  for (const [key, versions] of group(help.rows, (r) => r.key)) rows.push(versionRow("help", key, versions, docs));
  if (wants("faq") && faq.rows.length) rows.push(entriesRow("faq", "faq", "FAQ", faq.rows, docs));
  const notes = group(releases.rows, (r) => r.version);
  for (const version of [...notes.keys()].sort(versionCompare)) {
    const versions = notes
      .get(version)!
      .filter((r) => r.lang)
      .map((r) => ({ lang: r.lang!, title: version, changed_at: null }));
    rows.push(versionRow("releases", version, versions, docs, version));
  }
  if (wants("partners") && partners.rows.length) rows.push(entriesRow("partners", "partners", "Partners", partners.rows, docs));
  for (const [uc, kindOfRow] of [
    ["scenario", "use-cases"],
    ["solution", "solutions"],
  ] as const) {
    if (!wants(kindOfRow)) continue;
    for (const [slug, versions] of group(
      useCases.rows.filter((r) => r.kind === uc),
      (r) => r.slug,
    )) {
      const present = versions.filter((v) => v.lang).map((v) => ({ lang: v.lang!, title: v.title ?? slug, changed_at: v.changed_at }));
      rows.push(versionRow(kindOfRow, slug, present, docs));
    }
  }
  if (wants("site") && site.rows.length) rows.push(versionRow("site", "site", site.rows, docs, "site"));
  if (wants("interface")) rows.push(...interfaceRows());
  return rows;
}

export interface CoverageFilter {
  kind?: CoverageKind;
  /** Only rows with at least one version that is not current. */
  problems?: boolean;
}

/** The coverage table: rows (filtered), per-language counts and the status summary. */
export async function translationCoverage(db: Executor, filter: CoverageFilter = {}): Promise<CoverageReport> {
  const all = await coverageRows(db, filter.kind);
  const summary = Object.fromEntries(COVERAGE_STATUSES.map((s) => [s, 0])) as Record<CoverageStatus, number>;
  for (const row of all) for (const cell of row.cells) summary[cell.status]++;
  const counts = LANG_KEYS.map((lang, i) => ({
    lang,
    current: all.filter((r) => r.cells[i]!.status === "current").length,
    total: all.length,
  }));
  const rows = filter.problems ? all.filter((r) => r.cells.some((c) => c.status !== "current")) : all;
  return { langs: [...LANG_KEYS], rows, counts, summary, total_rows: all.length };
}
