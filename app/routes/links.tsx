import { LinksPage } from "~/components/product/CompanyPages";
import { sectionMeta } from "~/lib/meta/meta";
import { loadLinks } from "../../server/pages/product-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/links";

export const loader = pageLoader({ messages: ["common.pages.links", "product.links"] }, (args: Route.LoaderArgs, { lang }) => loadLinks(args.context, lang));

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.links.title", "pages.links.intro");

export default function LinksRoute({ loaderData }: Route.ComponentProps) {
  return <LinksPage links={loaderData.links} />;
}
