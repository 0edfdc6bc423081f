import type { LangKey } from "~/i18n/languages";

/** Help-centre shapes shared by the server (server/services/help.server.ts) and the pages. */
export interface HelpCategoryRef {
  id: number;
  slug: string;
  name: string;
}

export interface HelpSummary {
  id: number;
  /** The language it is written in: not the page's while it is not translated (a fallback). */
  lang: LangKey;
  title: string;
  summary: string;
  category: HelpCategoryRef;
  updated_at: string;
  views: number;
  solved_count: number;
  unsolved_count: number;
}

export interface HelpDetail extends HelpSummary {
  content: string;
  toc: { id: string; text: string; depth: number }[];
  author: string;
  seo_title: string;
  seo_keywords: string;
  seo_description: string;
  prev: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
  related: HelpSummary[];
  /** The same article in other languages (by key), for hreflang alternates. */
  translations: { lang: LangKey; id: number }[];
}

export interface HelpCategory extends HelpCategoryRef {
  count: number;
}
