import { UseCasePage } from "~/components/use-cases/UseCasePage";
import { metaOfUseCase } from "~/lib/meta/growth-meta";
import { pageLang } from "~/lib/route-checks";
import { loadUseCase } from "../../server/pages/growth-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/solution";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["blog.meta", "common.fallback", "drawings", "growth.solution", "growth.useCases"], () => loadUseCase(args.context, pageLang(args), args.params.slug, "solution"));
}

export const meta: Route.MetaFunction = (args) => metaOfUseCase(args, args.data?.page);

export default function SolutionRoute({ loaderData }: Route.ComponentProps) {
  return <UseCasePage key={loaderData.page.slug} page={loaderData.page} fromPrice={loaderData.fromPrice} />;
}
