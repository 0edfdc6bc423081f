import { data } from "react-router";
import { pageLang } from "~/lib/route-checks";
import type { Route } from "./+types/partner-detail";

/** No partners exist yet, so every id is unknown: a 404 with the shell, never an empty page. */
export function loader(args: Route.LoaderArgs) {
  pageLang(args);
  throw data(null, { status: 404 });
}

export default function PartnerDetailPage() {
  return null;
}
