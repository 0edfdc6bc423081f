import { HelpArticlePage } from "~/components/help/HelpArticlePage";
import { helpArticleMeta } from "~/lib/help-meta";
import { checks } from "~/lib/route-checks";
import { loadHelpArticle } from "../../server/services/help-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/help-article";

export const loader = pageLoader({ messages: ["common.fallback", "common.pages.helps", "help.article", "help.centre", "help.feedback"], checks: [checks.help] }, (args: Route.LoaderArgs, { lang }) => loadHelpArticle(args.context, { lang: lang, id: args.params.id }));

export const meta: Route.MetaFunction = (args) => helpArticleMeta(args, args.data);

export default function HelpArticleRoute({ loaderData }: Route.ComponentProps) {
  return <HelpArticlePage key={loaderData.article.id} article={loaderData.article} fallbackFrom={loaderData.fallbackFrom} />;
}
