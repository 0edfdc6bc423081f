import { FaqPage } from "~/components/product/FaqPage";
import { faqJsonLd, sectionMeta } from "~/lib/meta";
import { pageLang } from "~/lib/route-checks";
import { loadFaq } from "../../server/services/product-pages.server";
import type { Route } from "./+types/faq";

export function loader(args: Route.LoaderArgs) {
  return loadFaq(args.context, pageLang(args));
}

export const meta: Route.MetaFunction = (args) =>
  sectionMeta(args, "pages.faq.title", "pages.faq.intro", {
    jsonLd: args.data ? [faqJsonLd(args.data.groups.flatMap((g) => g.items))] : [],
  });

export default function FaqRoute({ loaderData }: Route.ComponentProps) {
  return <FaqPage groups={loaderData.groups} />;
}
