import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/news";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.news.title", "pages.news.intro");

export default function NewsPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.news.title")} intro={t("pages.news.intro")} />;
}
