import { HomePage, homeJsonLd } from "~/components/HomePage";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { jsonLd: homeJsonLd(args) });

export default function Home() {
  return <HomePage />;
}
