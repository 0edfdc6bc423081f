import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/partner";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.partner.title", "pages.partner.intro");

export default function PartnerPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.partner.title")} intro={t("pages.partner.intro")} />;
}
