import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { pageLang } from "~/lib/route-checks";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/blog";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.blog.title", "pages.blog.intro");

export default function BlogPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.blog.title")} intro={t("pages.blog.intro")} />;
}
