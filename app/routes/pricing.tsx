import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/pricing";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.pricing.title", "pages.pricing.intro");

export default function PricingPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.pricing.title")} intro={t("pages.pricing.intro")} />;
}
