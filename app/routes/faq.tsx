import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/faq";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.faq.title", "pages.faq.intro");

export default function FaqPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.faq.title")} intro={t("pages.faq.intro")} />;
}
