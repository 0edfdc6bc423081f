import { ArticleListPage } from "~/components/blog/ArticleListPage";
import { articleListMeta } from "~/lib/article-list-meta";
import { pageLang } from "~/lib/route-checks";
import { loadArticleList } from "../../server/services/blog-pages.server";
import type { Route } from "./+types/news";

export async function loader(args: Route.LoaderArgs) {
  return loadArticleList(args.context, args.request, { type: "news", lang: pageLang(args) });
}

export const meta: Route.MetaFunction = (args) => articleListMeta(args, args.data);

export default function NewsListRoute({ loaderData }: Route.ComponentProps) {
  return <ArticleListPage data={loaderData} />;
}
