/** Shapes of the site search (server/services/search.server.ts) that pages show and the API returns. */

/** What the site search finds, in the order its groups are shown. */
export const SEARCH_KINDS = ["help", "faq", "blog", "news", "release", "use_case"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export type MatchKind = "exact" | "stem" | "near";

/**
 * A search counts each kind's matches up to this many; a count past it is shown as "1,000+"
 * (docs/decisions/0055). It is also how many of each kind's title matches, and of its other
 * matches, are ranked (0057): every page the count reaches is full.
 */
export const SEARCH_COUNT_CAP = 1000;

export interface SearchHit {
  kind: SearchKind;
  /** The source row's id (article, help article, FAQ item, release, use case). */
  id: number;
  key: string;
  lang: string;
  /** Not in the visitor's language: borrowed from its fallback chain. */
  fallback: boolean;
  /** The page without language prefix. */
  path: string;
  title: string;
  /** The summary, or the passage around the first match. */
  excerpt: string;
  /** Matched words as [start, end) offsets (UTF-16) into title and excerpt. */
  title_marks: [number, number][];
  excerpt_marks: [number, number][];
  match: MatchKind;
  in_title: boolean;
  /** Publication time (blog, news, releases), else null. */
  published_at: string | null;
}

export interface SearchResult {
  query: string;
  /** Per kind, how many items matched (every page), in SEARCH_KINDS order; `capped`: at least `count`, counting stopped at the cap. */
  groups: { kind: SearchKind; count: number; capped: boolean }[];
  list: SearchHit[];
  /** The listed kinds' counts added up; `total_capped`: at least `total`. */
  total: number;
  total_capped: boolean;
  page: number;
  page_size: number;
}
