import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/faq";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.faq.title", "pages.faq.intro");

export default function FaqPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.faq.title")} intro={t("pages.faq.intro")} />;
}
