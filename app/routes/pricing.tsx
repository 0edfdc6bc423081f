import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/pricing";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.pricing.title", "pages.pricing.intro");

export default function PricingPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.pricing.title")} intro={t("pages.pricing.intro")} />;
}
