import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/pre-sales";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args, ["pre-sales"]) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.preSales.title", "pages.preSales.intro");

export default function PreSalesPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.preSales.title")} intro={t("pages.preSales.intro")} />;
}
