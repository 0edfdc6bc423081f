import { pageLang } from "~/lib/route-checks";
import { releaseFeed } from "../../server/pages/feeds.server";
import type { Route } from "./+types/release-feed";

/** The release notes as RSS 2.0 (feed.xml) or Atom (atom.xml), per language (a resource route: no page). */
export function loader(args: Route.LoaderArgs) {
  const format = new URL(args.request.url).pathname.endsWith("/atom.xml") ? "atom" : "rss";
  return releaseFeed(args.context, pageLang(args), format);
}
