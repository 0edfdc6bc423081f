import type { MetaDescriptor } from "react-router";
import { getLanguage, type LangKey } from "~/i18n/languages";
import { absoluteUrl, feedLinks, message, pageMeta, rootData, type MetaArgs } from "./meta";
import { SITE_NAME } from "../site";

interface ArticleMetaData {
  /** Not translated yet: shown in another language's pages, never indexed there. */
  fallbackFrom?: LangKey | null;
  article: {
    id: number;
    type: "blog" | "news";
    lang: LangKey;
    title: string;
    summary: string;
    author: string;
    cover: string | null;
    published_at: string;
    updated_at: string;
    seo_title: string;
    seo_keywords: string;
    seo_description: string;
    preview: boolean;
    category: { slug: string; name: string };
    translations: { lang: LangKey; id: number }[];
  };
}

/** Article head: SEO fields, alternates to the article's own language versions, BlogPosting/NewsArticle and BreadcrumbList. */
export function articleMeta(args: MetaArgs, data: ArticleMetaData | undefined): MetaDescriptor[] {
  if (!data) return pageMeta(args, { noindex: true });
  const { article } = data;
  const root = rootData(args.matches);
  const plan = root?.hostPlan ?? { en: "" };
  const path = (id: number) => `/${article.type}/${id}`;
  const url = absoluteUrl(plan, article.lang, path(article.id));
  const section = message(root, `pages.${article.type}.title`) ?? article.type;
  const image = article.cover ? plan.en + article.cover : undefined;
  const head = pageMeta(args, {
    title: article.seo_title || article.title,
    description: article.seo_description || article.summary,
    keywords: article.seo_keywords || undefined,
    noindex: article.preview || Boolean(data.fallbackFrom),
    ogType: "article",
    image,
    alternatePaths: Object.fromEntries(article.translations.map((t) => [t.lang, path(t.id)])),
    jsonLd: article.preview
      ? []
      : [
          {
            "@context": "https://schema.org",
            "@type": article.type === "news" ? "NewsArticle" : "BlogPosting",
            headline: article.title,
            description: article.summary,
            inLanguage: getLanguage(article.lang).tag,
            datePublished: article.published_at,
            dateModified: article.updated_at,
            author: { "@type": "Person", name: article.author },
            publisher: { "@type": "Organization", name: SITE_NAME, logo: { "@type": "ImageObject", url: `${plan.en}/favicon-192.png` } },
            mainEntityOfPage: url,
            ...(image ? { image } : {}),
          },
          {
            "@context": "https://schema.org",
            "@type": "BreadcrumbList",
            itemListElement: [
              { "@type": "ListItem", position: 1, name: SITE_NAME, item: absoluteUrl(plan, article.lang, "/") },
              { "@type": "ListItem", position: 2, name: section, item: absoluteUrl(plan, article.lang, `/${article.type}`) },
              {
                "@type": "ListItem",
                position: 3,
                name: article.category.name,
                item: absoluteUrl(plan, article.lang, `/${article.type}-${article.category.slug}`),
              },
              { "@type": "ListItem", position: 4, name: article.title, item: url },
            ],
          },
        ],
  });
  return [...head, ...feedLinks(args, article.type)];
}

/**
 * Preview pages are never cached anywhere; published articles may be revalidated briefly. A page
 * answering its comment form (a post without scripts) keeps the action's no-store and Retry-After.
 */
export function articleHeaders(loaderHeaders: Headers, actionHeaders?: Headers): HeadersInit {
  const out: Record<string, string> = {};
  const cache = actionHeaders?.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (cache) out["Cache-Control"] = cache;
  const retry = actionHeaders?.get("Retry-After");
  if (retry) out["Retry-After"] = retry;
  return out;
}
