import { SearchPage } from "~/components/search/SearchPage";
import { searchMeta } from "~/components/search/search-meta";
import { pageLang } from "~/lib/route-checks";
import { loadSearchPage } from "../../server/pages/search-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/search";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["blog.pagination", "search.page"], () => loadSearchPage(args.context, args.request, pageLang(args)));
}

export const meta: Route.MetaFunction = (args) => searchMeta(args, args.data);

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} />;
}
