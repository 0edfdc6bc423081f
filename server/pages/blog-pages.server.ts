/**
 * What the blog and news pages load, in one place for the route modules (which stay thin).
 */
import { noteSearchMiss } from "../services/search.server";
import { data, redirect, type AppLoadContext } from "react-router";
import type { LangKey } from "~/i18n/languages";
import { languageHref } from "~/lib/urls/paths";
import { writtenDates } from "~/lib/format/format-date";
import type { ArticleType } from "../db/schema";
import { articleListPage, articlePage, untranslatedArticles } from "../services/articles.server";
import { versionToShow } from "~/i18n/fallback";
import { verifyPreviewToken } from "../infrastructure/previews.server";
import { articlePageTag } from "../infrastructure/page-changes.server";
import { idFromPath, pageFromQuery } from "@contracts/address-numbers";
import { contentForPage } from "../content/site-links.server";

export const LIST_PAGE_SIZE = 9;
export const COMMENT_PAGE_SIZE = 5;
/** How many untranslated pieces a section's first page offers ("more in English"). */
export const UNTRANSLATED_SHOWN = 6;

const notFound = () => data(null, { status: 404 });
/** Spec section 8: a missing article says so (10100, "article does not exist"), not just "page not found". */
const articleNotFound = () => data({ reason: "articleNotFound" as const }, { status: 404 });

export async function loadArticleList(context: AppLoadContext, request: Request, q: { type: ArticleType; lang: LangKey; category?: string; tag?: string }) {
  const url = new URL(request.url);
  const rawPage = url.searchParams.get("page");
  const page = pageFromQuery(rawPage);
  if (page === null) throw notFound();
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);

  // One statement for the whole page (docs/decisions/0022); an unknown category or tag comes back
  // as an empty page and is answered 404 here, as before.
  const { categories, tags, latest, result, languages } = await articleListPage(context.db, {
    type: q.type,
    lang: q.lang,
    category: q.category,
    tag: q.tag,
    keyword: keyword || undefined,
    page,
    pageSize: LIST_PAGE_SIZE,
    latest: 5,
    withLanguages: !keyword,
  });
  const category = q.category ? categories.find((c) => c.slug === q.category) : undefined;
  if (q.category && !category) throw notFound();
  const tag = q.tag ? tags.find((t) => t.slug === q.tag) : undefined;
  if (q.tag && !tag) throw notFound();
  const pages = Math.max(1, Math.ceil(result.total / LIST_PAGE_SIZE));
  if (page > pages) throw notFound();
  if (keyword && result.total === 0) await noteSearchMiss(context.db, context.logger, { lang: q.lang, scope: q.type, query: keyword, ip: context.clientIp });
  const alternateLangs = languages ?? [];
  // Pieces not written in this language yet, readable in its pages (docs/decisions/0029): on the
  // section's first page, never in a search, a category or a tag (their counts are the language's).
  const untranslated = page === 1 && !keyword && !q.category && !q.tag ? await untranslatedArticles(context.db, q.type, q.lang, UNTRANSLATED_SHOWN) : [];
  // The cards' days, written here so the browser shows them without building a formatter while it hydrates.
  const dates = writtenDates(
    q.lang,
    [...result.list, ...untranslated].map((a) => a.published_at),
  );
  return {
    untranslated,
    kind: "list" as const,
    type: q.type,
    lang: q.lang,
    category: category ?? null,
    tag: tag ?? null,
    keyword,
    categories,
    tags,
    latest,
    result,
    pages,
    alternateLangs,
    writtenDates: dates,
  };
}

export async function loadArticlePage(context: AppLoadContext, request: Request, q: { type: ArticleType; lang: LangKey; id: string | undefined }) {
  const id = idFromPath(q.id);
  if (id === null) throw articleNotFound();
  const url = new URL(request.url);
  const preview = await verifyPreviewToken(context.db, id, url.searchParams.get("preview"));
  // The article, its related articles and first comments in one statement (docs/decisions/0022).
  const found = await articlePage(context.db, id, { preview, related: 4, comments: { page: 1, pageSize: COMMENT_PAGE_SIZE, sort: "latest" } });
  if (!found || found.article.type !== q.type) throw articleNotFound();
  const { article, related, comments } = found;
  const shown = versionToShow(q.lang, article);
  if (shown.id !== id) {
    // Article ids belong to one language version: a reader of another language gets the version
    // their section lists (their own, or the original while it is not translated), in their language.
    throw redirect(languageHref(context.hostPlan, context.host, `/${q.type}/${shown.id}`, q.lang) + url.search, 301);
  }
  // Its comments show on it; reads are counted by the browser (POST /api/home/article-read), since
  // the page itself is served from the cache (docs/decisions/0021).
  context.pageTags.add(articlePageTag(id));
  return {
    kind: "article" as const,
    article: { ...article, content: contentForPage(context, q.lang, article.content) },
    // Not translated yet: the original in this language's pages, with a notice, never indexed.
    fallbackFrom: article.lang === q.lang ? null : article.lang,
    related,
    comments,
    commentPageSize: COMMENT_PAGE_SIZE,
    writtenDates: writtenDates(q.lang, [
      article.published_at,
      article.updated_at,
      ...related.map((a) => a.published_at),
      ...comments.list.map((c) => c.created_at),
    ]),
  };
}
