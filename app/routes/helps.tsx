import { HelpCentrePage } from "~/components/help/HelpCentrePage";
import { helpCentreMeta } from "~/lib/meta/help-meta";
import { pageLang } from "~/lib/route-checks";
import { loadHelpCentre } from "../../server/pages/help-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/helps";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["blog.pagination", "common.fallback", "common.pages.helps", "help.centre"], () => loadHelpCentre(args.context, args.request, pageLang(args, ["help"])));
}

export const meta: Route.MetaFunction = (args) => helpCentreMeta(args, args.data);

export default function HelpsRoute({ loaderData }: Route.ComponentProps) {
  return <HelpCentrePage data={loaderData} />;
}
