import { UseCaseIndexPage } from "~/components/use-cases/UseCaseIndexPage";
import { message, pageMeta, rootData } from "~/lib/meta/meta";
import { loadUseCaseIndex } from "../../server/pages/growth-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/use-cases";

export const loader = pageLoader({ messages: ["common.fallback", "growth.useCases"] }, (args: Route.LoaderArgs, { lang }) =>
  loadUseCaseIndex(args.context, lang),
);

export const meta: Route.MetaFunction = (args) => {
  const root = rootData(args.matches);
  return pageMeta(args, { title: message(root, "useCases.indexTitle", "growth"), description: message(root, "useCases.indexIntro", "growth") });
};

export default function UseCasesRoute({ loaderData }: Route.ComponentProps) {
  return <UseCaseIndexPage scenarios={loaderData.scenarios} solutions={loaderData.solutions} />;
}
