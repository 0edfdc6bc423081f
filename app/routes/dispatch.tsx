import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { findCategory } from "../../server/services/categories.server";
import { HomePage } from "~/components/HomePage";
import { SectionPage } from "~/components/SectionPage";
import { DEFAULT_LANG, isLangKey, type LangKey } from "~/i18n/languages";
import { message, pageMeta, rootData } from "~/lib/meta";
import type { Route } from "./+types/dispatch";

type ListType = "blog" | "news";
type Resolved =
  | { kind: "home"; lang: LangKey }
  | { kind: "list"; lang: LangKey; type: ListType; category: { slug: string; name: string } };

const LISTING = /^(blog|news)-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/**
 * Paths whose meaning depends on the segments themselves (docs/decisions/0007):
 *   /:lang                       home in a language
 *   /blog-{category}             list by category          (also news-)
 *   /:lang/blog-{category}       the same in a language
 *   /blog-{category}/{tag}       list by category and tag  (tags come with the blog)
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const segments = [params.lang, params.second, params.third].filter((s): s is string => s !== undefined);
  const lang = isLangKey(segments[0]) ? segments.shift()! as LangKey : DEFAULT_LANG;
  const notFound = () => data(null, { status: 404 });

  if (segments.length === 0) return { kind: "home", lang } satisfies Resolved;
  const listing = LISTING.exec(segments[0]!);
  if (!listing || segments.length > 1) throw notFound();
  const type = listing[1] as ListType;
  const category = await findCategory(context.db, type, listing[2]!, lang);
  if (!category) throw notFound();
  return { kind: "list", lang, type, category: { slug: category.slug, name: category.name } } satisfies Resolved;
}

export const meta: Route.MetaFunction = ({ matches, data: page }) => {
  if (!page || page.kind === "home") return pageMeta(matches);
  const root = rootData(matches);
  return pageMeta(matches, { title: page.category.name, description: message(root, `pages.${page.type}.intro`) });
};

export default function Dispatch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.kind === "home") return <HomePage />;
  return <SectionPage title={loaderData.category.name} intro={t(`pages.${loaderData.type}.intro`)} />;
}
