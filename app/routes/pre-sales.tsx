import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/pre-sales";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.preSales.title", "pages.preSales.intro");

export default function PreSalesPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.preSales.title")} intro={t("pages.preSales.intro")} />;
}
