/** Page heads of the use-case, solution, partner and programme pages. */
import type { MetaDescriptor } from "react-router";
import { getLanguage, type LangKey } from "~/i18n/languages";
import { absoluteUrl, breadcrumbList, message, pageMeta, rootData, shareImageUrl, type MetaArgs } from "./meta";
import { SITE_NAME } from "../site";

interface UseCaseHead {
  kind: "scenario" | "solution";
  slug: string;
  title: string;
  summary: string;
  seo_description: string;
  updated_at: string;
  languages: LangKey[];
  /** The language its words are in: not the page's while it is not translated. */
  lang: LangKey;
}

/** A use-case or solution page: alternates only to the languages it is written in, WebPage and BreadcrumbList. */
export function metaOfUseCase(args: MetaArgs, page: UseCaseHead | undefined): MetaDescriptor[] {
  if (!page) return pageMeta(args, { noindex: true });
  const root = rootData(args.matches);
  const plan = root?.hostPlan ?? { en: "" };
  const lang = (root?.lang ?? "en") as LangKey;
  const path = `/${page.kind === "scenario" ? "scenarios" : "solutions"}/${page.slug}`;
  const section = message(root, "nav.useCases") ?? "";
  // Not translated yet: readable in this language's pages, not one of its pages for search engines.
  // Its drawing of the product beside its title, in this language (docs/decisions/0031).
  const image = shareImageUrl(plan, lang, `${page.kind === "scenario" ? "scenarios" : "solutions"}-${page.slug}`);
  if (page.lang !== lang) return pageMeta(args, { title: page.title, description: page.seo_description || page.summary, noindex: true, image });
  return pageMeta(args, {
    title: page.title,
    description: page.seo_description || page.summary,
    image,
    alternateLangs: page.languages,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebPage",
        name: page.title,
        description: page.summary,
        inLanguage: getLanguage(lang).tag,
        dateModified: page.updated_at,
        url: absoluteUrl(plan, lang, path),
        primaryImageOfPage: { "@type": "ImageObject", url: image, width: "1200", height: "630" },
        isPartOf: { "@type": "WebSite", name: SITE_NAME, url: absoluteUrl(plan, lang, "/") },
      },
      breadcrumbList(plan, lang, [...(page.kind === "scenario" ? [{ name: section, path: "/scenarios" }] : []), { name: page.title, path }]),
    ],
  });
}

/** The partner directory: a filter or page number is part of the page's identity (canonical). */
export function partnerListMeta(
  args: MetaArgs,
  data:
    | {
        filter: { type: string | null; region: string | null };
        result: { page: number };
        facets: { types: { slug: string; name: string }[]; regions: { slug: string; name: string }[] };
      }
    | undefined,
): MetaDescriptor[] {
  const root = rootData(args.matches);
  const base = message(root, "pages.partner.title");
  if (!data) return pageMeta(args, { noindex: true });
  const query = new URLSearchParams();
  if (data.filter.type) query.set("type", data.filter.type);
  if (data.filter.region) query.set("region", data.filter.region);
  if (data.result.page > 1) query.set("page", String(data.result.page));
  const named = [data.facets.types.find((t) => t.slug === data.filter.type)?.name, data.facets.regions.find((r) => r.slug === data.filter.region)?.name].filter(
    Boolean,
  );
  return pageMeta(args, {
    title: named.length ? `${named.join(" · ")} - ${base}` : base,
    description: message(root, "pages.partner.intro"),
    canonicalQuery: query.size ? `?${query}` : "",
  });
}

export function partnerMeta(
  args: MetaArgs,
  data: { partner: { id: number; name: string; summary: string; logo: string; website: string; type: { name: string }; languages: LangKey[] } } | undefined,
): MetaDescriptor[] {
  if (!data) return pageMeta(args, { noindex: true });
  const { partner } = data;
  const root = rootData(args.matches);
  const plan = root?.hostPlan ?? { en: "" };
  const lang = (root?.lang ?? "en") as LangKey;
  return pageMeta(args, {
    title: `${partner.name} - ${partner.type.name}`,
    description: partner.summary,
    alternateLangs: partner.languages,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: partner.name,
        url: partner.website,
        logo: `${plan.en}${partner.logo}`,
        description: partner.summary,
      },
      breadcrumbList(plan, lang, [
        { name: message(root, "pages.partner.title") ?? "", path: "/partner" },
        { name: partner.name, path: `/partner/${partner.id}` },
      ]),
    ],
  });
}
