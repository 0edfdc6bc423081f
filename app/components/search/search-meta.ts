import type { MetaDescriptor } from "react-router";
import { message, pageMeta, rootData, type MetaArgs } from "~/lib/meta/meta";

/** The search page: its title and description in the page's language; never indexed (results are made per query). */
export function searchMeta(args: MetaArgs, data: { query: string } | undefined): MetaDescriptor[] {
  const root = rootData(args.matches);
  const title = message(root, "page.title", "search");
  const resultsFor = message(root, "page.resultsFor", "search");
  return pageMeta(args, {
    title: data?.query && resultsFor ? resultsFor.replace("{{query}}", data.query) : title,
    description: message(root, "page.description", "search"),
    noindex: true,
  });
}
