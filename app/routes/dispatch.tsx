import { useTranslation } from "react-i18next";
import { data, replace } from "react-router";
import { findCategory } from "../../server/services/categories.server";
import { HomePage, homeJsonLd } from "~/components/HomePage";
import { SectionPage } from "~/components/SectionPage";
import { message, pageMeta, rootData } from "~/lib/meta";
import { pageLang, runRouteChecks } from "~/lib/route-checks";
import { legacyCategoryPath } from "~/lib/url-rules";
import type { Route } from "./+types/dispatch";

type ListType = "blog" | "news";

const LISTING = /^(blog|news)-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/**
 * Paths whose meaning depends on the segments themselves (docs/decisions/0007):
 *   /:lang                       home in a language
 *   /blog-{category}             list by category          (also news-)
 *   /:lang/blog-{category}       the same in a language
 *   /blog-{category}/{tag}       list by category and tag  (tags come with the blog)
 */
export async function loader(args: Route.LoaderArgs) {
  const { params, request, context } = args;
  runRouteChecks(["html"], args);
  const url = new URL(request.url);
  const legacy = legacyCategoryPath(url.pathname);
  if (legacy) throw replace(legacy + url.search, 301);

  const segments = [params.lang, params.second, params.third].filter((s): s is string => s !== undefined);
  const prefixed = segments[0] !== undefined && !LISTING.test(segments[0]);
  const lang = prefixed ? pageLang(args) : context.defaultLang;
  if (prefixed) segments.shift();
  const notFound = () => data(null, { status: 404 });

  if (segments.length === 0) return { kind: "home" as const, lang };
  const listing = LISTING.exec(segments[0]!);
  if (!listing || segments.length > 1) throw notFound();
  const type = listing[1] as ListType;
  const category = await findCategory(context.db, type, listing[2]!, lang);
  if (!category) throw notFound();
  return { kind: "list" as const, lang, type, category: { slug: category.slug, name: category.name } };
}

export const meta: Route.MetaFunction = (args) => {
  const page = args.data;
  if (!page || page.kind === "home") return pageMeta(args, { jsonLd: homeJsonLd(args) });
  const root = rootData(args.matches);
  return pageMeta(args, { title: page.category.name, description: message(root, `pages.${page.type}.intro`) });
};

export default function Dispatch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.kind === "home") return <HomePage />;
  return <SectionPage title={loaderData.category.name} intro={t(`pages.${loaderData.type}.intro`)} />;
}
