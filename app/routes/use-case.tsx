import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { USE_CASE_SLUGS, type UseCaseSlug } from "~/components/HomePage";
import { SectionPage } from "~/components/SectionPage";
import { message, pageMeta, rootData } from "~/lib/meta";
import { pageLang } from "~/lib/route-checks";
import type { Route } from "./+types/use-case";

export function loader(args: Route.LoaderArgs) {
  const lang = pageLang(args);
  const slug = USE_CASE_SLUGS.find((s) => s === args.params.slug);
  if (!slug) throw data(null, { status: 404 });
  return { lang, slug };
}

export const meta: Route.MetaFunction = (args) => {
  const page = args.data;
  const root = rootData(args.matches);
  return pageMeta(args, {
    title: page ? message(root, `useCases.${page.slug}`) : undefined,
    description: message(root, "pages.useCase.intro"),
  });
};

export default function UseCase({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <SectionPage title={t(`useCases.${loaderData.slug as UseCaseSlug}`)} intro={t("pages.useCase.intro")} />;
}
