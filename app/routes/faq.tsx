import { FaqPage } from "~/components/product/FaqPage";
import { sectionMeta } from "~/lib/meta/meta";
import { pageLang } from "~/lib/route-checks";
import { loadFaq } from "../../server/pages/product-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/faq";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["common.fallback", "common.pages.faq", "common.pages.helps", "product.faq"], () => loadFaq(args.context, pageLang(args)));
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.faq.title", "pages.faq.intro");

/** The FAQPage structured data is microdata on the questions themselves (FaqPage). */
export default function FaqRoute({ loaderData }: Route.ComponentProps) {
  return <FaqPage groups={loaderData.groups} />;
}
