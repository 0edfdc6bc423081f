import { HOME_MESSAGES } from "~/i18n/page-messages";
import { HomePage, homeJsonLd } from "~/components/HomePage";
import { pageMeta } from "~/lib/meta/meta";
import { loadHome } from "../../server/pages/product-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/home";

export const loader = pageLoader({ messages: HOME_MESSAGES }, (args: Route.LoaderArgs) => loadHome(args.context, args.context.defaultLang));

export const meta: Route.MetaFunction = (args) => pageMeta(args, { jsonLd: homeJsonLd(args, args.data?.fromPrice) });

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage data={loaderData} />;
}
