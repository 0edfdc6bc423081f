import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/partner-plan";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.partnerPlan.title", "pages.partnerPlan.intro");

export default function PartnerPlanPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.partnerPlan.title")} intro={t("pages.partnerPlan.intro")} />;
}
