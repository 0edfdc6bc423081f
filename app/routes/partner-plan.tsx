import { PartnerPlanPage } from "~/components/partners/PartnerPlanPage";
import { faqJsonLd, sectionMeta } from "~/lib/meta/meta";
import { pageLanguage } from "~/lib/route-checks";
import { loadPartnerPlan } from "../../server/pages/growth-pages.server";
import { endpointAction } from "../../server/http/form-actions.server";
import { partnerApply } from "../../server/api/endpoints/partners.server";
import { normalizeWebsite } from "@contracts/partner-application-fields";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/partner-plan";

export const loader = pageLoader({ messages: ["common.pages.partnerPlan", "errors.invalidValue", "growth.partnerPlan"] }, (args: Route.LoaderArgs, { lang }) =>
  loadPartnerPlan(args.context, lang),
);

/** The partner application (ApplicationForm), with or without scripts; a website without its scheme gets https://, as the page adds it with scripts. */
export function action(args: Route.ActionArgs) {
  const fields = (form: FormData) => ({ website: normalizeWebsite(String(form.get("website") ?? "")) });
  return endpointAction(partnerApply, args, { lang: pageLanguage(args), fields, echo: ["email"] });
}

export const meta: Route.MetaFunction = (args) =>
  sectionMeta(args, "pages.partnerPlan.title", "pages.partnerPlan.intro", { jsonLd: args.data ? [faqJsonLd(args.data.texts.faq)] : [] });

export default function PartnerPlanRoute({ loaderData }: Route.ComponentProps) {
  return <PartnerPlanPage data={loaderData} />;
}
