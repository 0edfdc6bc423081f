import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/partner";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.partner.title", "pages.partner.intro");

export default function PartnerPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.partner.title")} intro={t("pages.partner.intro")} />;
}
