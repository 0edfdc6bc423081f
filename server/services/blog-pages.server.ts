/**
 * What the blog and news pages load, in one place for the route modules (which stay thin).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import type { LangKey } from "~/i18n/languages";
import { languageHref } from "~/lib/paths";
import type { ArticleType } from "../db/schema";
import {
  getArticle,
  latestArticles,
  listArticleCategories,
  listArticles,
  listArticleTags,
  listPageLanguages,
  relatedArticles,
} from "./articles.server";
import { listComments } from "./comments.server";
import { verifyPreviewToken } from "./previews.server";
import { articlePageTag } from "./page-changes.server";

export const LIST_PAGE_SIZE = 9;
export const COMMENT_PAGE_SIZE = 5;

const notFound = () => data(null, { status: 404 });
/** Spec section 8: a missing article says so (10100, "article does not exist"), not just "page not found". */
const articleNotFound = () => data({ reason: "articleNotFound" as const }, { status: 404 });

export async function loadArticleList(
  context: AppLoadContext,
  request: Request,
  q: { type: ArticleType; lang: LangKey; category?: string; tag?: string },
) {
  const url = new URL(request.url);
  const rawPage = url.searchParams.get("page");
  const page = rawPage === null ? 1 : Number(rawPage);
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw notFound();
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);

  const [categories, tags, latest] = await Promise.all([
    listArticleCategories(context.db, q.type, q.lang),
    listArticleTags(context.db, q.type, q.lang, q.category),
    latestArticles(context.db, q.type, q.lang, 5),
  ]);
  const category = q.category ? categories.find((c) => c.slug === q.category) : undefined;
  if (q.category && !category) throw notFound();
  const tag = q.tag ? tags.find((t) => t.slug === q.tag) : undefined;
  if (q.tag && !tag) throw notFound();

  const result = await listArticles(context.db, {
    type: q.type,
    lang: q.lang,
    category: q.category,
    tag: q.tag,
    keyword: keyword || undefined,
    page,
    pageSize: LIST_PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil(result.total / LIST_PAGE_SIZE));
  if (page > pages) throw notFound();
  const alternateLangs = keyword ? [] : await listPageLanguages(context.db, { type: q.type, category: q.category, tag: q.tag, page, pageSize: LIST_PAGE_SIZE });
  return { kind: "list" as const, type: q.type, lang: q.lang, category: category ?? null, tag: tag ?? null, keyword, categories, tags, latest, result, pages, alternateLangs };
}

export async function loadArticlePage(context: AppLoadContext, request: Request, q: { type: ArticleType; lang: LangKey; id: string | undefined }) {
  if (!q.id || !/^[1-9]\d{0,9}$/.test(q.id)) throw articleNotFound();
  const id = Number(q.id);
  const url = new URL(request.url);
  const preview = await verifyPreviewToken(context.db, id, url.searchParams.get("preview"));
  const article = await getArticle(context.db, id, { preview });
  if (!article || article.type !== q.type) throw articleNotFound();
  if (article.lang !== q.lang) {
    // Article ids belong to one language version: send the visitor to that version's address.
    throw redirect(languageHref(context.hostPlan, context.host, `/${q.type}/${id}`, article.lang) + url.search, 301);
  }
  const [related, comments] = await Promise.all([
    relatedArticles(context.db, id, 4),
    listComments(context.db, id, { page: 1, pageSize: COMMENT_PAGE_SIZE, sort: "latest" }),
  ]);
  // Its comments show on it; reads are counted by the browser (POST /api/home/article-read), since
  // the page itself is served from the cache (docs/decisions/0021).
  context.pageTags.add(articlePageTag(id));
  return { kind: "article" as const, article, related, comments, commentPageSize: COMMENT_PAGE_SIZE };
}
