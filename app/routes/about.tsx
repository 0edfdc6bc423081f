import { AboutPage } from "~/components/product/CompanyPages";
import { sectionMeta } from "~/lib/meta/meta";
import { pageLang } from "~/lib/route-checks";
import { loadAbout } from "../../server/pages/product-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/about";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["common.pages.about", "product.about"], () => loadAbout(args.context, pageLang(args)));
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.about.title", "pages.about.intro");

export default function AboutRoute({ loaderData }: Route.ComponentProps) {
  return <AboutPage about={loaderData.about} />;
}
