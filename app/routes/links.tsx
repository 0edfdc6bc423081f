import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/links";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.links.title", "pages.links.intro");

export default function LinksPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.links.title")} intro={t("pages.links.intro")} />;
}
