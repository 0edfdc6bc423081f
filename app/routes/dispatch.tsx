import { lazy } from "react";
import { data, replace } from "react-router";
import { loadArticleList } from "../../server/pages/blog-pages.server";
import { loadHome } from "../../server/pages/product-pages.server";
import { HomePage, homeJsonLd } from "~/components/HomePage";
import { articleListMeta } from "~/lib/meta/article-list-meta";
import { pageMeta } from "~/lib/meta/meta";
import { checks, prefixLanguage, type CheckArgs } from "~/lib/route-checks";
import { legacyCategoryPath } from "~/lib/urls/url-rules";
import { ARTICLE_LIST_MESSAGES, HOME_MESSAGES } from "~/i18n/page-messages";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/dispatch";

type ListType = "blog" | "news";

// This route is the home page of every language but the host's default: the list by category,
// its other page, loads its code when shown rather than with every such home page.
const ArticleListPage = lazy(() => import("~/components/blog/ArticleListPage").then((m) => ({ default: m.ArticleListPage })));

const LISTING = /^(blog|news)-([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const TAG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Paths whose meaning depends on the segments themselves (docs/decisions/0007):
 *   /:lang                       home in a language
 *   /blog-{category}             list by category          (also news-)
 *   /:lang/blog-{category}       the same in a language
 *   /blog-{category}/{tag}       list by category and tag
 *   /:lang/blog-{category}/{tag} the same in a language
 */
export const loader = pageLoader(
  { language: dispatchedLanguage, messages: (page: { kind: string }) => (page.kind === "home" ? HOME_MESSAGES : ARTICLE_LIST_MESSAGES) },
  async ({ params, request, context }: Route.LoaderArgs, { lang }) => {
    const segments = [params.lang, params.second, params.third].filter((s): s is string => s !== undefined);
    if (isLanguagePrefix(segments[0])) segments.shift();
    const notFound = () => data(null, { status: 404 });

    if (segments.length === 0) return { kind: "home" as const, ...(await loadHome(context, lang)) };
    const listing = LISTING.exec(segments[0]!);
    const tag = segments[1];
    if (!listing || segments.length > 2 || (tag !== undefined && !TAG.test(tag))) throw notFound();
    return loadArticleList(context, request, { type: listing[1] as ListType, lang, category: listing[2]!, tag });
  },
);

/** A first segment that is not a list by category stands where a language prefix does. */
const isLanguagePrefix = (first: string | undefined) => first !== undefined && !LISTING.test(first);

/**
 * The address rules of this route, in their order: .html endings and old category addresses are
 * redirected first; then the first segment is a language prefix (checked as every page's is) unless
 * it names a list.
 */
function dispatchedLanguage(args: CheckArgs) {
  checks.html(args);
  const url = new URL(args.request.url);
  const legacy = legacyCategoryPath(url.pathname);
  if (legacy) throw replace(legacy + url.search, 301);
  return isLanguagePrefix(args.params.lang) ? prefixLanguage(args) : args.context.defaultLang;
}

export const meta: Route.MetaFunction = (args) => {
  const page = args.data;
  if (!page || page.kind === "home") return pageMeta(args, { jsonLd: homeJsonLd(args, page?.kind === "home" ? page.fromPrice : null) });
  return articleListMeta(args, page);
};

export default function Dispatch({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "home") return <HomePage data={loaderData} />;
  return <ArticleListPage data={loaderData} />;
}
