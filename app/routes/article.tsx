import { data } from "react-router";
import { ArticlePage } from "~/components/blog/ArticlePage";
import { articleHeaders, articleMeta } from "~/lib/article-meta";
import { absoluteUrl } from "~/lib/meta";
import { loadArticlePage } from "../../server/services/blog-pages.server";
import { articleTypeOf } from "~/lib/article-type";
import type { LangKey } from "~/i18n/languages";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/article";

export const loader = pageLoader({ messages: ["blog.article", "blog.comments", "blog.list", "blog.meta", "common.fallback", "common.pages"] }, (args: Route.LoaderArgs, { lang }) => loadArticleRoute(args, lang));

async function loadArticleRoute(args: Route.LoaderArgs, lang: LangKey) {
  const type = articleTypeOf(args.request, args.context.defaultLang);
  const page = await loadArticlePage(args.context, args.request, { type, lang, id: args.params.id });
  // The address in the page's language (a fallback page shares itself, not the original's page).
  const canonical = absoluteUrl(args.context.hostPlan, lang, `/${type}/${page.article.id}`);
  return data({ ...page, canonical }, page.article.preview ? { headers: { "Cache-Control": "no-store" } } : undefined);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => articleHeaders(loaderHeaders);

export const meta: Route.MetaFunction = (args) => articleMeta(args, args.data);

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ArticlePage
      article={loaderData.article}
      related={loaderData.related}
      comments={loaderData.comments}
      commentPageSize={loaderData.commentPageSize}
      canonical={loaderData.canonical}
      fallbackFrom={loaderData.fallbackFrom}
    />
  );
}
