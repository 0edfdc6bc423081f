import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/release";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.release.title", "pages.release.intro");

export default function ReleasePage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.release.title")} intro={t("pages.release.intro")} />;
}
