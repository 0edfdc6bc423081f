import { ReferralPage } from "~/components/referral/ReferralPage";
import { faqJsonLd, sectionMeta } from "~/lib/meta/meta";
import { pageLang } from "~/lib/route-checks";
import { loadReferral } from "../../server/pages/growth-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/referral-program";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["common.pages.referral", "growth.referral", "product.pricing"], () => loadReferral(args.context, pageLang(args)));
}

export const meta: Route.MetaFunction = (args) =>
  sectionMeta(args, "pages.referral.title", "pages.referral.intro", { jsonLd: args.data ? [faqJsonLd(args.data.texts.faq)] : [] });

export default function ReferralProgramRoute({ loaderData }: Route.ComponentProps) {
  return <ReferralPage data={loaderData} />;
}
