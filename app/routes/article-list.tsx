import { ArticleListPage } from "~/components/blog/ArticleListPage";
import { articleListMeta } from "~/lib/meta/article-list-meta";
import { loadArticleList } from "../../server/pages/blog-pages.server";
import { articleTypeOf } from "~/lib/urls/article-section";
import { ARTICLE_LIST_MESSAGES } from "~/i18n/page-messages";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/article-list";

export const loader = pageLoader({ messages: ARTICLE_LIST_MESSAGES }, (args: Route.LoaderArgs, { lang }) =>
  loadArticleList(args.context, args.request, { type: articleTypeOf(args.request, args.context.defaultLang), lang }),
);

export const meta: Route.MetaFunction = (args) => articleListMeta(args, args.data);

export default function ArticleListRoute({ loaderData }: Route.ComponentProps) {
  return <ArticleListPage data={loaderData} />;
}
