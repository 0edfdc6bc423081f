import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/SectionPage";
import { requirePageLang } from "~/lib/page-lang";
import { sectionMeta } from "~/lib/meta";
import type { Route } from "./+types/blog";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "pages.blog.title", "pages.blog.intro");

export default function BlogPage() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.blog.title")} intro={t("pages.blog.intro")} />;
}
