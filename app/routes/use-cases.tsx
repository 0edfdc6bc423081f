import { UseCaseIndexPage } from "~/components/use-cases/UseCaseIndexPage";
import { message, pageMeta, rootData } from "~/lib/meta/meta";
import { pageLang } from "~/lib/route-checks";
import { loadUseCaseIndex } from "../../server/pages/growth-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/use-cases";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["common.fallback", "growth.useCases"], () => loadUseCaseIndex(args.context, pageLang(args)));
}

export const meta: Route.MetaFunction = (args) => {
  const root = rootData(args.matches);
  return pageMeta(args, { title: message(root, "useCases.indexTitle", "growth"), description: message(root, "useCases.indexIntro", "growth") });
};

export default function UseCasesRoute({ loaderData }: Route.ComponentProps) {
  return <UseCaseIndexPage scenarios={loaderData.scenarios} solutions={loaderData.solutions} />;
}
