import { HomePage, homeJsonLd } from "~/components/HomePage";
import { pageMeta } from "~/lib/meta/meta";
import { loadHome } from "../../server/pages/product-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/home";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["common.home", "common.tagline", "common.useCases", "drawings", "growth.useCases", "product.home"], () => loadHome(args.context, args.context.defaultLang));
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { jsonLd: homeJsonLd(args, args.data?.fromPrice) });

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage data={loaderData} />;
}
