import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/partner-plan";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.partnerPlan.title", "pages.partnerPlan.intro");

export default function PartnerPlanPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.partnerPlan.title")} intro={t("pages.partnerPlan.intro")} />;
}
