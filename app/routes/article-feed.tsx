import { pageLang } from "~/lib/route-checks";
import { articleFeed } from "../../server/pages/feeds.server";
import type { Route } from "./+types/article-feed";

/** The blog or the news as RSS 2.0 (feed.xml) or Atom (atom.xml), per language (a resource route: no page). */
export function loader(args: Route.LoaderArgs) {
  const [, type, file] = /\/(blog|news)\/(feed|atom)\.xml$/.exec(new URL(args.request.url).pathname)!;
  return articleFeed(args.context, pageLang(args), type as "blog" | "news", file === "atom" ? "atom" : "rss");
}
