import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/helps";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args, ["help"]) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.helps.title", "pages.helps.intro");

export default function HelpsPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.helps.title")} intro={t("pages.helps.intro")} />;
}
