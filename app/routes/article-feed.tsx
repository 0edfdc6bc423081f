import { articleFeed } from "../../server/pages/feeds.server";
import type { Route } from "./+types/article-feed";
import { pageLoader } from "../../server/http/page-loader.server";

/** The blog or the news as RSS 2.0 (feed.xml) or Atom (atom.xml), per language (a resource route: no page). */
export const loader = pageLoader({}, (args: Route.LoaderArgs, { lang }) => {
  const [, type, file] = /\/(blog|news)\/(feed|atom)\.xml$/.exec(new URL(args.request.url).pathname)!;
  return articleFeed(args.context, lang, type as "blog" | "news", file === "atom" ? "atom" : "rss");
});
