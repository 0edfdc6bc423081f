import type { ArticleSummary } from "~/lib/article-types";

/** What the use-case and solution pages receive (server/services/use-cases.server.ts makes it). */
export interface UseCaseSummary {
  slug: string;
  title: string;
  summary: string;
}

export interface UseCaseDetail extends UseCaseSummary {
  kind: "scenario" | "solution";
  seo_description: string;
  updated_at: string;
  sections: { id: string; title: string; html: string }[];
  features: { title: string; text: string }[];
  apps: string[];
  prev: UseCaseSummary | null;
  next: UseCaseSummary | null;
  related_articles: ArticleSummary[];
}
