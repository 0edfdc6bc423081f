import { data } from "react-router";
import { ArticlePage } from "~/components/blog/ArticlePage";
import { articleHeaders, articleMeta } from "~/lib/meta/article-meta";
import { absoluteUrl } from "~/lib/meta/meta";
import { pageLanguage } from "~/lib/route-checks";
import { loadArticlePage } from "../../server/pages/blog-pages.server";
import { articleTypeOf } from "~/lib/urls/article-section";
import { endpointAction } from "../../server/http/form-actions.server";
import { addArticleComment } from "../../server/api/endpoints/articles.server";
import type { LangKey } from "~/i18n/languages";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/article";

export const loader = pageLoader(
  { messages: ["blog.article", "blog.comments", "blog.list", "blog.meta", "common.fallback", "common.pages"] },
  (args: Route.LoaderArgs, { lang }) => loadArticleRoute(args, lang),
);

async function loadArticleRoute(args: Route.LoaderArgs, lang: LangKey) {
  const type = articleTypeOf(args.request, args.context.defaultLang);
  const page = await loadArticlePage(args.context, args.request, { type, lang, id: args.params.id });
  // The address in the page's language (a fallback page shares itself, not the original's page).
  const canonical = absoluteUrl(args.context.hostPlan, lang, `/${type}/${page.article.id}`);
  return data({ ...page, canonical }, page.article.preview ? { headers: { "Cache-Control": "no-store" } } : undefined);
}

/** The comment form (Comments), with or without scripts: the API's own endpoint, honeypot and limits. */
export function action(args: Route.ActionArgs) {
  return endpointAction(addArticleComment, args, { lang: pageLanguage(args), fields: { article_id: args.params.id } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => articleHeaders(loaderHeaders, actionHeaders);

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
