import { FaqPage } from "~/components/product/FaqPage";
import { faqJsonLd, sectionMeta } from "~/lib/meta";
import { pageLang } from "~/lib/route-checks";
import { loadFaq } from "../../server/services/product-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/faq";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["common.pages.faq", "common.pages.helps", "product.faq"], () => loadFaq(args.context, pageLang(args)));
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.faq.title", "pages.faq.intro");

/**
 * The FAQPage data follows the answers in the body rather than sitting in the head: the same text
 * close together compresses as one, which keeps the Thai and Hindi FAQ under 30 KB of gzip HTML
 * (docs/decisions/0025). `<` is escaped as the head's JSON-LD is, so no answer can end the script.
 */
export default function FaqRoute({ loaderData }: Route.ComponentProps) {
  const jsonLd = JSON.stringify(faqJsonLd(loaderData.groups.flatMap((g) => g.items))).replace(/</g, "\\u003c");
  return (
    <>
      <FaqPage groups={loaderData.groups} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
    </>
  );
}
