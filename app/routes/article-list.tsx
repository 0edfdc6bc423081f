import { ArticleListPage } from "~/components/blog/ArticleListPage";
import { articleListMeta } from "~/lib/meta/article-list-meta";
import { pageLang } from "~/lib/route-checks";
import { loadArticleList } from "../../server/pages/blog-pages.server";
import { articleTypeOf } from "~/lib/urls/article-section";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/article-list";

export function loader(args: Route.LoaderArgs) {
  const type = articleTypeOf(args.request, args.context.defaultLang);
  return withMessages(args, ["blog.list", "blog.meta", "blog.pagination", "blog.search", "common.fallback", "common.pages"], () => loadArticleList(args.context, args.request, { type, lang: pageLang(args) }));
}

export const meta: Route.MetaFunction = (args) => articleListMeta(args, args.data);

export default function ArticleListRoute({ loaderData }: Route.ComponentProps) {
  return <ArticleListPage data={loaderData} />;
}
