/**
 * What the help-centre pages load, in one place for the route modules (which stay thin).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { versionToShow } from "~/i18n/fallback";
import type { LangKey } from "~/i18n/languages";
import { languageHref, localizePath } from "~/lib/urls/paths";
import { listCategories } from "../services/categories.server";
import { categoryForDocsPath, getHelpArticle, listHelpArticles } from "../services/help.server";
import { noteSearchMiss } from "../services/search.server";
import { helpPageTag } from "../infrastructure/page-changes.server";
import { idFromPath, pageFromQuery } from "@contracts/address-numbers";
import { writtenDates } from "~/lib/format/format-date";
import { contentForPage } from "../content/site-links.server";

export const HELP_RESULTS_PAGE_SIZE = 10;

const notFound = () => data(null, { status: 404 });
const articleNotFound = () => data({ reason: "articleNotFound" as const }, { status: 404 });

/** /helps: the topics, popular and recent articles; ?category= a topic's articles; ?keyword= search results. */
export async function loadHelpCentre(context: AppLoadContext, request: Request, lang: LangKey) {
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const categorySlug = url.searchParams.get("category");
  const rawPage = url.searchParams.get("page");
  const page = pageFromQuery(rawPage);
  if (page === null) throw notFound();

  const categories = await listCategories(context.db, "help", lang);
  const category = categorySlug === null ? null : categories.find((c) => c.slug === categorySlug);
  if (category === undefined) throw notFound();

  if (keyword) {
    const results = await listHelpArticles(context.db, { lang, keyword, categoryId: category?.id, sort: "latest", page, pageSize: HELP_RESULTS_PAGE_SIZE });
    if (page > 1 && results.list.length === 0) throw notFound();
    if (results.total === 0) {
      await noteSearchMiss(context.db, context.logger, { lang, scope: "help", query: keyword, ip: context.clientIp });
    }
    const pages = Math.max(1, Math.ceil(results.total / HELP_RESULTS_PAGE_SIZE));
    return { view: "search" as const, lang, keyword, category: category ?? null, categories, results, pages, writtenDates: updatedDays(lang, results.list) };
  }
  if (page !== 1) throw notFound();
  if (category) {
    const articles = await listHelpArticles(context.db, { lang, categoryId: category.id, sort: "latest", page: 1, pageSize: 50 });
    return { view: "category" as const, lang, keyword, category, categories, articles: articles.list, writtenDates: updatedDays(lang, articles.list) };
  }
  const [popular, latest] = await Promise.all([
    listHelpArticles(context.db, { lang, sort: "popular", page: 1, pageSize: 6 }),
    listHelpArticles(context.db, { lang, sort: "latest", page: 1, pageSize: 6 }),
  ]);
  return {
    view: "home" as const,
    lang,
    keyword,
    category: null,
    categories,
    popular: popular.list,
    latest: latest.list,
    writtenDates: updatedDays(lang, [...popular.list, ...latest.list]),
  };
}

/** The "updated" days the help centre's lists show, written for the page (app/lib/format/format-date.ts). */
const updatedDays = (lang: LangKey, articles: readonly { updated_at: string }[]) =>
  writtenDates(
    lang,
    articles.map((a) => a.updated_at),
  );

/**
 * /helps/{id}: the article. The visitor's own vote and the view count are the browser's business
 * (POST /api/help/article/view), since the page is served from the cache (docs/decisions/0021).
 */
export async function loadHelpArticle(context: AppLoadContext, q: { lang: LangKey; id: string | undefined }) {
  const id = idFromPath(q.id);
  if (id === null) throw articleNotFound();
  const article = await getHelpArticle(context.db, id, q.lang);
  if (!article) throw articleNotFound();
  const shown = versionToShow(q.lang, article);
  if (shown.id !== id) {
    // Ids belong to one language version: a reader of another language gets the version their
    // help centre lists (their own, or the original while it is not translated), in their language.
    throw redirect(languageHref(context.hostPlan, context.host, `/helps/${shown.id}`, q.lang), 301);
  }
  context.pageTags.add(helpPageTag(id));
  return {
    article: { ...article, content: contentForPage(context, q.lang, article.content) },
    // Not yet translated: the original in this language's pages, with a notice, never indexed.
    fallbackFrom: article.lang === q.lang ? null : article.lang,
    writtenDates: updatedDays(q.lang, [article, ...article.related]),
  };
}

/** /docs/{slug} and /{lang}/docs/{slug}: the old documentation's topic pages, now the help centre's. */
export async function docsRedirect(context: AppLoadContext, q: { lang: LangKey; slug: string | undefined }): Promise<never> {
  const category = q.slug ? await categoryForDocsPath(context.db, q.slug) : null;
  if (!category) throw notFound();
  throw redirect(localizePath(`/helps?category=${category}`, q.lang, context.defaultLang), 301);
}
