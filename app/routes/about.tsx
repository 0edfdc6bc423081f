import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.about.title", "pages.about.intro");

export default function AboutPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.about.title")} intro={t("pages.about.intro")} />;
}
