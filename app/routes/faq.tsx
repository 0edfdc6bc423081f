import { FaqPage } from "~/components/product/FaqPage";
import { sectionMeta } from "~/lib/meta/meta";
import { loadFaq } from "../../server/pages/product-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/faq";

export const loader = pageLoader(
  { messages: ["common.fallback", "common.pages.faq", "common.pages.helps", "product.faq"] },
  (args: Route.LoaderArgs, { lang }) => loadFaq(args.context, lang),
);

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.faq.title", "pages.faq.intro");

/** The FAQPage structured data is microdata on the questions themselves (FaqPage). */
export default function FaqRoute({ loaderData }: Route.ComponentProps) {
  return <FaqPage groups={loaderData.groups} />;
}
