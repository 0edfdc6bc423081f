import { data } from "react-router";
import { ArticlePage } from "~/components/blog/ArticlePage";
import { articleHeaders, articleMeta } from "~/lib/article-meta";
import { absoluteUrl } from "~/lib/meta";
import { pageLang } from "~/lib/route-checks";
import { loadArticlePage } from "../../server/services/blog-pages.server";
import type { Route } from "./+types/blog-article";

export async function loader(args: Route.LoaderArgs) {
  const page = await loadArticlePage(args.context, args.request, { type: "blog", lang: pageLang(args), id: args.params.id });
  const canonical = absoluteUrl(args.context.hostPlan, page.article.lang, `/blog/${page.article.id}`);
  return data({ ...page, canonical }, { headers: { "Cache-Control": page.article.preview ? "no-store" : "private, no-cache" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => articleHeaders(loaderHeaders);

export const meta: Route.MetaFunction = (args) => articleMeta(args, args.data);

export default function BlogArticleRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ArticlePage
      article={loaderData.article}
      related={loaderData.related}
      comments={loaderData.comments}
      commentPageSize={loaderData.commentPageSize}
      canonical={loaderData.canonical}
    />
  );
}
