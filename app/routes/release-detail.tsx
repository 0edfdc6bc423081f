import { ReleaseDetailPage } from "~/components/product/ReleasePages";
import { message, pageMeta, feedLinks, rootData } from "~/lib/meta/meta";
import { pageLang } from "~/lib/route-checks";
import { loadRelease } from "../../server/pages/product-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/release-detail";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["common.pages", "product.release", "product.systems"], () => loadRelease(args.context, pageLang(args), args.params.id));
}

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
