import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/links";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.links.title", "pages.links.intro");

export default function LinksPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.links.title")} intro={t("pages.links.intro")} />;
}
