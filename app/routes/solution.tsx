import { UseCasePage } from "~/components/use-cases/UseCasePage";
import { metaOfUseCase } from "~/lib/meta/growth-meta";
import { loadUseCase } from "../../server/pages/growth-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/solution";

export const loader = pageLoader(
  { messages: ["blog.meta", "common.fallback", "drawings", "growth.solution", "growth.useCases"] },
  (args: Route.LoaderArgs, { lang }) => loadUseCase(args.context, lang, args.params.slug, "solution"),
);

export const meta: Route.MetaFunction = (args) => metaOfUseCase(args, args.data?.page);

export default function SolutionRoute({ loaderData }: Route.ComponentProps) {
  return <UseCasePage key={loaderData.page.slug} page={loaderData.page} fromPrice={loaderData.fromPrice} />;
}
