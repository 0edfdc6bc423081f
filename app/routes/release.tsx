import { ReleaseListPage } from "~/components/product/ReleasePages";
import { feedLinks, sectionMeta } from "~/lib/meta/meta";
import { loadReleaseList } from "../../server/pages/product-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/release";

export const loader = pageLoader({ messages: ["blog.pagination", "common.pages", "product.release"] }, (args: Route.LoaderArgs, { lang }) =>
  loadReleaseList(args.context, args.request, lang),
);

export const meta: Route.MetaFunction = (args) => [
  ...sectionMeta(args, "pages.release.title", "pages.release.intro", {
    canonicalQuery: args.data && args.data.result.page > 1 ? `?page=${args.data.result.page}` : "",
  }),
  ...feedLinks(args, "release"),
];

export default function ReleaseListRoute({ loaderData }: Route.ComponentProps) {
  return <ReleaseListPage result={loaderData.result} pages={loaderData.pages} />;
}
