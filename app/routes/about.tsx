import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.about.title", "pages.about.intro");

export default function AboutPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.about.title")} intro={t("pages.about.intro")} />;
}
