import { SearchPage } from "~/components/search/SearchPage";
import { searchMeta } from "~/components/search/search-meta";
import { loadSearchPage } from "../../server/pages/search-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/search";

export const loader = pageLoader({ messages: ["blog.pagination", "search.page"] }, (args: Route.LoaderArgs, { lang }) =>
  loadSearchPage(args.context, args.request, lang),
);

export const meta: Route.MetaFunction = (args) => searchMeta(args, args.data);

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} />;
}
