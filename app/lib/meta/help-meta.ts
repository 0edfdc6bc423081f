import type { MetaDescriptor } from "react-router";
import { getLanguage, type LangKey } from "~/i18n/languages";
import type { HelpDetail } from "@contracts/help-types";
import { absoluteUrl, message, pageMeta, rootData, type MetaArgs } from "./meta";
import { SITE_NAME } from "../site";

/** /helps: a topic keeps ?category= in its canonical; search results are not indexed. Every language has the list and its topics. */
export function helpCentreMeta(args: MetaArgs, data: { keyword: string; category: { slug: string; name: string } | null } | undefined): MetaDescriptor[] {
  const root = rootData(args.matches);
  const section = message(root, "pages.helps.title");
  if (!data) return pageMeta(args, { noindex: true });
  return pageMeta(args, {
    title: data.category ? `${data.category.name}${section ? ` - ${section}` : ""}` : section,
    description: message(root, "pages.helps.intro"),
    noindex: Boolean(data.keyword),
    canonicalQuery: data.category && !data.keyword ? `?category=${data.category.slug}` : "",
  });
}

/** A help article: SEO fields, alternates only to its own language versions, TechArticle and BreadcrumbList. */
export function helpArticleMeta(args: MetaArgs, data: { article: HelpDetail; fallbackFrom: LangKey | null } | undefined): MetaDescriptor[] {
  if (!data) return pageMeta(args, { noindex: true });
  // Not translated yet: readable in the reader's language pages, but not a page of that language
  // for search engines (no index, no alternates; the sitemaps list only real versions).
  if (data.fallbackFrom)
    return pageMeta(args, {
      title: data.article.seo_title || data.article.title,
      description: data.article.seo_description || data.article.summary,
      noindex: true,
    });
  const { article } = data;
  const root = rootData(args.matches);
  const plan = root?.hostPlan ?? { en: "" };
  const lang: LangKey = article.lang;
  const url = absoluteUrl(plan, lang, `/helps/${article.id}`);
  return pageMeta(args, {
    title: article.seo_title || article.title,
    description: article.seo_description || article.summary,
    keywords: article.seo_keywords || undefined,
    ogType: "article",
    alternatePaths: Object.fromEntries(article.translations.map((t) => [t.lang, `/helps/${t.id}`])),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "TechArticle",
        headline: article.title,
        description: article.summary,
        inLanguage: getLanguage(lang).tag,
        dateModified: article.updated_at,
        author: { "@type": "Organization", name: article.author },
        publisher: { "@type": "Organization", name: SITE_NAME, logo: { "@type": "ImageObject", url: `${plan.en}/favicon-192.png` } },
        mainEntityOfPage: url,
        articleSection: article.category.name,
      },
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: SITE_NAME, item: absoluteUrl(plan, lang, "/") },
          { "@type": "ListItem", position: 2, name: message(root, "pages.helps.title") ?? "Help", item: absoluteUrl(plan, lang, "/helps") },
          { "@type": "ListItem", position: 3, name: article.category.name, item: `${absoluteUrl(plan, lang, "/helps")}?category=${article.category.slug}` },
          { "@type": "ListItem", position: 4, name: article.title, item: url },
        ],
      },
    ],
  });
}
