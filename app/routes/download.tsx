import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/download";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.download.title", "pages.download.intro");

export default function DownloadPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.download.title")} intro={t("pages.download.intro")} />;
}
