import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/release";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.release.title", "pages.release.intro");

export default function ReleasePage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.release.title")} intro={t("pages.release.intro")} />;
}
