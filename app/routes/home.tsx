import { HomePage } from "~/components/HomePage";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches);

export default function Home() {
  return <HomePage />;
}
