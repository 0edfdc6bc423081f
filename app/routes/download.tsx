import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/download";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.download.title", "pages.download.intro");

export default function DownloadPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.download.title")} intro={t("pages.download.intro")} />;
}
