import { HelpArticlePage } from "~/components/help/HelpArticlePage";
import { helpArticleMeta } from "~/lib/help-meta";
import { pageLang } from "~/lib/route-checks";
import { loadHelpArticle } from "../../server/services/help-pages.server";
import type { Route } from "./+types/help-article";

export function loader(args: Route.LoaderArgs) {
  return loadHelpArticle(args.context, { lang: pageLang(args, ["help"]), id: args.params.id });
}

export const meta: Route.MetaFunction = (args) => helpArticleMeta(args, args.data);

export default function HelpArticleRoute({ loaderData }: Route.ComponentProps) {
  return <HelpArticlePage key={loaderData.article.id} article={loaderData.article} />;
}
