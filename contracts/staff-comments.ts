/** Shapes of the staff comment moderation that services produce and pages show. */
export const COMMENT_FILTERS = ["all", "visible", "hidden", "popular"] as const;
export type CommentFilter = (typeof COMMENT_FILTERS)[number];

export interface CommentArticle {
  id: number;
  type: "blog" | "news";
  lang: string;
  title: string;
  status: "published" | "draft";
}

export interface StaffComment {
  id: number;
  name: string;
  content: string;
  is_popular: boolean;
  hidden_at: string | null;
  created_at: string;
  article: CommentArticle;
  /** What deleting it must name (server/services/comments.server.ts commentVersion). */
  version: string;
}

/** An article that has comments, for the filter. */
export interface CommentedArticle extends CommentArticle {
  comments: number;
}
