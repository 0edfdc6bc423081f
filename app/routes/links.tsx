import { LinksPage } from "~/components/product/CompanyPages";
import { sectionMeta } from "~/lib/meta/meta";
import { pageLang } from "~/lib/route-checks";
import { loadLinks } from "../../server/pages/product-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/links";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["common.pages.links", "product.links"], () => loadLinks(args.context, pageLang(args)));
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.links.title", "pages.links.intro");

export default function LinksRoute({ loaderData }: Route.ComponentProps) {
  return <LinksPage links={loaderData.links} />;
}
