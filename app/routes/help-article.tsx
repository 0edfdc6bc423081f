import { HelpArticlePage } from "~/components/help/HelpArticlePage";
import { helpArticleMeta } from "~/lib/meta/help-meta";
import { pageLanguage, checks } from "~/lib/route-checks";
import { loadHelpArticle } from "../../server/pages/help-pages.server";
import { endpointAction } from "../../server/http/form-actions.server";
import { helpArticleSolve } from "../../server/api/endpoints/help.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/help-article";

export const loader = pageLoader(
  { messages: ["common.fallback", "common.pages.helps", "help.article", "help.centre", "help.feedback"], checks: [checks.help] },
  (args: Route.LoaderArgs, { lang }) => loadHelpArticle(args.context, { lang: lang, id: args.params.id }),
);

/** "Did this solve your problem?": the vote and what was missing (HelpFeedback), with or without scripts. */
export function action(args: Route.ActionArgs) {
  return endpointAction(helpArticleSolve, args, { lang: pageLanguage(args, [checks.help]), fields: { id: args.params.id } });
}

export const meta: Route.MetaFunction = (args) => helpArticleMeta(args, args.data);

export default function HelpArticleRoute({ loaderData }: Route.ComponentProps) {
  return <HelpArticlePage key={loaderData.article.id} article={loaderData.article} fallbackFrom={loaderData.fallbackFrom} />;
}
