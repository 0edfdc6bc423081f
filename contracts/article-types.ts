/** Shapes the blog and news API and pages share (server services produce them, components show them). */
export type Named = {
  slug: string;
  name: string;
};

export interface ArticleSummary {
  id: number;
  title: string;
  summary: string;
  cover: string | null;
  author: string;
  reads: number;
  category: Named;
  tags: Named[];
  published_at: string;
}

export interface CommentView {
  id: number;
  name: string;
  content: string;
  created_at: string;
  is_popular: boolean;
}
