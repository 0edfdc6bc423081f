import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/helps";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.helps.title", "pages.helps.intro");

export default function HelpsPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.helps.title")} intro={t("pages.helps.intro")} />;
}
