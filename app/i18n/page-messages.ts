import type { MessageSelector } from "./namespaces";

/**
 * The words of the page families more than one route serves, beyond the shell's: the dispatcher
 * (routes/dispatch.tsx) serves every language's home page and the lists by category. Other pages
 * declare theirs in their route's pageLoader call.
 */
export const HOME_MESSAGES = [
  "common.home",
  "common.tagline",
  "common.useCases",
  "drawings",
  "growth.useCases",
  "product.home",
] as const satisfies readonly MessageSelector[];
export const ARTICLE_LIST_MESSAGES = [
  "blog.list",
  "blog.meta",
  "blog.pagination",
  "blog.search",
  "common.fallback",
  "common.pages",
] as const satisfies readonly MessageSelector[];
