import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/referral-program";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.referral.title", "pages.referral.intro");

export default function ReferralProgramPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.referral.title")} intro={t("pages.referral.intro")} />;
}
