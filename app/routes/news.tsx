import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/news";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.news.title", "pages.news.intro");

export default function NewsPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.news.title")} intro={t("pages.news.intro")} />;
}
