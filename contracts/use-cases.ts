import type { ArticleSummary } from "./article-types";
import type { DrawingName } from "~/components/drawings/names";
import type { LangKey } from "~/i18n/languages";

/** What the use-case and solution pages receive (server/services/use-cases.server.ts makes it). */
export interface UseCaseSummary {
  slug: string;
  /** The language it is written in: not the page's while it is not translated (a fallback). */
  lang: LangKey;
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
  /** The drawing of the product the page shows and shares (content/use-cases.yaml). */
  drawing: DrawingName;
  prev: UseCaseSummary | null;
  next: UseCaseSummary | null;
  related_articles: ArticleSummary[];
}
