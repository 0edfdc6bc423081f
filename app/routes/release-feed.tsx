import { pageLang } from "~/lib/route-checks";
import { releaseFeed } from "../../server/services/product-pages.server";
import type { Route } from "./+types/release-feed";

/** The release notes as an Atom feed, per language (a resource route: no page). */
export function loader(args: Route.LoaderArgs) {
  return releaseFeed(args.context, pageLang(args));
}
