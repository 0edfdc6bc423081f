import { ReleaseListPage } from "~/components/product/ReleasePages";
import { feedLinks, sectionMeta } from "~/lib/meta/meta";
import { pageLang } from "~/lib/route-checks";
import { loadReleaseList } from "../../server/pages/product-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/release";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["blog.pagination", "common.pages", "product.release"], () => loadReleaseList(args.context, args.request, pageLang(args)));
}

export const meta: Route.MetaFunction = (args) => [
  ...sectionMeta(args, "pages.release.title", "pages.release.intro", { canonicalQuery: args.data && args.data.result.page > 1 ? `?page=${args.data.result.page}` : "" }),
  ...feedLinks(args, "release"),
];

export default function ReleaseListRoute({ loaderData }: Route.ComponentProps) {
  return <ReleaseListPage result={loaderData.result} pages={loaderData.pages} />;
}
