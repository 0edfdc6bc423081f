import { HomePage, homeJsonLd } from "~/components/HomePage";
import { pageMeta } from "~/lib/meta";
import { loadHome } from "../../server/services/product-pages.server";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  return loadHome(context, context.defaultLang);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { jsonLd: homeJsonLd(args, args.data?.fromPrice) });

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage data={loaderData} />;
}
