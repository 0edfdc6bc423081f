import { HelpArticlePage } from "~/components/help/HelpArticlePage";
import { helpArticleMeta } from "~/lib/meta/help-meta";
import { pageLang } from "~/lib/route-checks";
import { loadHelpArticle } from "../../server/pages/help-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import { endpointAction } from "../../server/http/form-actions.server";
import { helpArticleSolve } from "../../server/api/endpoints/help.server";
import type { Route } from "./+types/help-article";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["common.fallback", "common.pages.helps", "help.article", "help.centre", "help.feedback"], () => loadHelpArticle(args.context, { lang: pageLang(args, ["help"]), id: args.params.id }));
}

/** "Did this solve your problem?": the vote and what was missing (HelpFeedback), with or without scripts. */
export function action(args: Route.ActionArgs) {
  return endpointAction(helpArticleSolve, args, { lang: pageLang(args, ["help"]), fields: { id: args.params.id } });
}

export const meta: Route.MetaFunction = (args) => helpArticleMeta(args, args.data);

export default function HelpArticleRoute({ loaderData }: Route.ComponentProps) {
  return <HelpArticlePage key={loaderData.article.id} article={loaderData.article} fallbackFrom={loaderData.fallbackFrom} />;
}
