import { AboutPage } from "~/components/product/CompanyPages";
import { sectionMeta } from "~/lib/meta/meta";
import { loadAbout } from "../../server/pages/product-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/about";

export const loader = pageLoader({ messages: ["common.pages.about", "product.about"] }, (args: Route.LoaderArgs, { lang }) => loadAbout(args.context, lang));

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.about.title", "pages.about.intro");

export default function AboutRoute({ loaderData }: Route.ComponentProps) {
  return <AboutPage about={loaderData.about} />;
}
