import { PartnerPlanPage } from "~/components/partners/PartnerPlanPage";
import { faqJsonLd, sectionMeta } from "~/lib/meta";
import { loadPartnerPlan } from "../../server/services/growth-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/partner-plan";

export const loader = pageLoader({ messages: ["common.pages.partnerPlan", "errors.invalidValue", "growth.partnerPlan"] }, (args: Route.LoaderArgs, { lang }) => loadPartnerPlan(args.context, lang));

export const meta: Route.MetaFunction = (args) =>
  sectionMeta(args, "pages.partnerPlan.title", "pages.partnerPlan.intro", { jsonLd: args.data ? [faqJsonLd(args.data.texts.faq)] : [] });

export default function PartnerPlanRoute({ loaderData }: Route.ComponentProps) {
  return <PartnerPlanPage data={loaderData} />;
}
