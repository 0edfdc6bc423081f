import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/referral-program";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.referral.title", "pages.referral.intro");

export default function ReferralProgramPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.referral.title")} intro={t("pages.referral.intro")} />;
}
