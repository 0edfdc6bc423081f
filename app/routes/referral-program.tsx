import { ReferralPage } from "~/components/referral/ReferralPage";
import { faqJsonLd, sectionMeta } from "~/lib/meta/meta";
import { loadReferral } from "../../server/pages/growth-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/referral-program";

export const loader = pageLoader({ messages: ["common.pages.referral", "growth.referral", "product.pricing"] }, (args: Route.LoaderArgs, { lang }) =>
  loadReferral(args.context, lang),
);

export const meta: Route.MetaFunction = (args) =>
  sectionMeta(args, "pages.referral.title", "pages.referral.intro", { jsonLd: args.data ? [faqJsonLd(args.data.texts.faq)] : [] });

export default function ReferralProgramRoute({ loaderData }: Route.ComponentProps) {
  return <ReferralPage data={loaderData} />;
}
