import { ReleaseDetailPage } from "~/components/product/ReleasePages";
import { message, pageMeta, feedLinks, rootData } from "~/lib/meta/meta";
import { loadRelease } from "../../server/pages/product-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/release-detail";

export const loader = pageLoader({ messages: ["common.pages", "product.release", "product.systems"] }, (args: Route.LoaderArgs, { lang }) =>
  loadRelease(args.context, lang, args.params.id),
);

export const meta: Route.MetaFunction = (args) => {
  const section = message(rootData(args.matches), "pages.release.title") ?? "";
  return [
    ...pageMeta(args, args.data ? { title: `${args.data.release.version} - ${section}`, description: args.data.release.summary } : { noindex: true }),
    ...feedLinks(args, "release"),
  ];
};

export default function ReleaseDetailRoute({ loaderData }: Route.ComponentProps) {
  return <ReleaseDetailPage release={loaderData.release} />;
}
