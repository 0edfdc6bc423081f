/** Shapes of the staff help-feedback view that services produce and pages show. */
export const FEEDBACK_SORTS = ["unsolved", "recent", "votes"] as const;
export type FeedbackSort = (typeof FEEDBACK_SORTS)[number];
export const MISS_SORTS = ["count", "recent"] as const;
export type MissSort = (typeof MISS_SORTS)[number];

/** At most this many "what was missing" texts come with each article (the newest). */
export const FEEDBACK_TEXTS_PER_ARTICLE = 50;

export interface FeedbackText {
  text: string;
  at: string;
}

export interface HelpFeedback {
  id: number;
  lang: string;
  title: string;
  status: "published" | "draft";
  solved_count: number;
  unsolved_count: number;
  last_vote_at: string;
  /** How many unsolved votes said what was missing. */
  feedback_count: number;
  /** The newest FEEDBACK_TEXTS_PER_ARTICLE of them, newest first. */
  feedback: FeedbackText[];
}

/** Where a search was made: the site search, or a section's own search box. */
export const MISS_SCOPES = ["site", "help", "blog", "news"] as const;
export type MissScope = (typeof MISS_SCOPES)[number];

export interface SearchMiss {
  lang: string;
  scope: MissScope;
  /** Normalised: NFKC, lower case, single spaces. */
  query: string;
  count: number;
  first_seen: string;
  last_seen: string;
}
