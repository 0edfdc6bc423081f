import { releaseFeed } from "../../server/pages/feeds.server";
import type { Route } from "./+types/release-feed";
import { pageLoader } from "../../server/http/page-loader.server";

/** The release notes as RSS 2.0 (feed.xml) or Atom (atom.xml), per language (a resource route: no page). */
export const loader = pageLoader({}, (args: Route.LoaderArgs, { lang }) => {
  const format = new URL(args.request.url).pathname.endsWith("/atom.xml") ? "atom" : "rss";
  return releaseFeed(args.context, lang, format);
});
