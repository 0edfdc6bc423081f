/**
 * Translation coverage (issue 13): the shapes the server's report (server/services/
 * translation-coverage.server.ts) and the staff page /admin/translations share.
 */
import type { LangKey } from "~/i18n/languages";

/** Row kinds, in the order the table shows them. */
export const COVERAGE_KINDS = ["blog", "news", "help", "faq", "releases", "partners", "use-cases", "solutions", "site", "interface"] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];

export const COVERAGE_STATUSES = ["current", "missing", "older", "incomplete"] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];

export interface CoverageCell {
  lang: LangKey;
  status: CoverageStatus;
  /** The version's content path (what the editor opens); null for interface namespaces. */
  path: string | null;
  /** A missing version: the source's content path, which the editor starts the translation from. */
  from: string | null;
  /** When this version last changed, as far as the tables tell (ISO, UTC). */
  changed_at: string | null;
  /** When its source last changed (ISO, UTC); null on the source itself. */
  source_changed_at: string | null;
  /** Files of entries (FAQ, partner texts, interface keys): how many of the source's entries this version has. */
  have: number | null;
  need: number | null;
  /** This is the source version. */
  source: boolean;
  /** A staff draft of this path waits to be published (or is scheduled). */
  draft: boolean;
}

export interface CoverageRow {
  kind: CoverageKind;
  key: string;
  /** The source version's title (or the version, namespace or file name). */
  title: string;
  source_lang: LangKey;
  cells: CoverageCell[];
}

export interface CoverageReport {
  langs: LangKey[];
  rows: CoverageRow[];
  /** Per language, over the rows of the chosen kind (before "only problems"): current versions of all. */
  counts: { lang: LangKey; current: number; total: number }[];
  /** Cells by status over the same rows. */
  summary: Record<CoverageStatus, number>;
  /** Rows of the chosen kind, before "only problems". */
  total_rows: number;
}

export function isCoverageKind(value: unknown): value is CoverageKind {
  return typeof value === "string" && (COVERAGE_KINDS as readonly string[]).includes(value);
}

/** The editor's address for a content path; `from`: start a new translation from that source. */
export function contentEditorHref(path: string, from?: string | null): string {
  const enc = (p: string) => encodeURIComponent(p).replace(/%2F/g, "/");
  return `/admin/content/edit?path=${enc(path)}${from ? `&from=${enc(from)}` : ""}`;
}
