import { HelpCentrePage } from "~/components/help/HelpCentrePage";
import { helpCentreMeta } from "~/lib/meta/help-meta";
import { checks } from "~/lib/route-checks";
import { loadHelpCentre } from "../../server/pages/help-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/helps";

export const loader = pageLoader(
  { messages: ["blog.pagination", "common.fallback", "common.pages.helps", "help.centre"], checks: [checks.help] },
  (args: Route.LoaderArgs, { lang }) => loadHelpCentre(args.context, args.request, lang),
);

export const meta: Route.MetaFunction = (args) => helpCentreMeta(args, args.data);

export default function HelpsRoute({ loaderData }: Route.ComponentProps) {
  return <HelpCentrePage data={loaderData} />;
}
