import type { Location, MetaDescriptor } from "react-router";
import type { BreadcrumbList, FAQPage, ImageObject, Thing, WithContext } from "schema-dts";
import { LANGUAGES, getLanguage, isLangKey, type LangKey } from "~/i18n/languages";
import { mergeMessages, type Messages } from "~/i18n/namespaces";
import { defaultLangForHost, hostOf, originForLang, type HostPlan } from "../urls/hosts";
import { localizePath, splitLangPrefix } from "../urls/paths";
import { SITE_NAME, TITLE_SEPARATOR } from "../site";
import { reportUnsentWord } from "~/i18n/unsent-words";

export interface RootLoaderData {
  /** A site page whose matched routes all have their data (none failed): a word missing from `messages` was not sent. */
  complete?: boolean;
  lang: string;
  defaultLang: string;
  hostPlan: HostPlan;
  messages: Messages;
  baseInfo: { title: string; keywords: string; description: string } | null;
}

type Match = { id: string; data?: unknown } | undefined;
export interface MetaArgs {
  matches: ReadonlyArray<Match>;
  location: Location;
}

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/**
 * A share image's absolute address: /share/<lang>/<name>.png, the page's drawing of the product
 * and its title in its language (server/http/share-images.server.ts; docs/decisions/0031), on the
 * host that serves the language.
 */
export function shareImageUrl(plan: HostPlan, lang: LangKey, name: string): string {
  return `${originForLang(plan, lang)}/share/${lang}/${name}.png`;
}

/**
 * The root's data, its messages joined with those the matched routes were sent (the shell gets
 * only its own sections, each page the rest it uses: docs/decisions/0025).
 */
export function rootData(matches: ReadonlyArray<Match>): RootLoaderData | undefined {
  const root = matches.find((m) => m?.id === "root")?.data as RootLoaderData | undefined;
  if (!root) return undefined;
  const bundles = matches.map((m) => (m?.data as { messages?: Messages } | null | undefined)?.messages);
  // The staff area is sent none of the site's words (its own are app/admin-locales): a site word
  // missing there, from the root's error meta, is no page's omission.
  const staffArea = Boolean((root as { staffLang?: unknown }).staffLang);
  return { ...root, messages: mergeMessages(bundles), complete: !staffArea && matches.every((m) => m?.data !== undefined) };
}

/** Looks a dotted key up in loader data's messages (meta functions cannot use hooks). */
export function message(
  source: { messages?: Messages; complete?: boolean; lang?: string } | null | undefined,
  key: string,
  ns: keyof Messages = "common",
): string | undefined {
  let node: unknown = source?.messages?.[ns];
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node === "string") return node;
  // A failed route's meta runs without its data (and words): only a whole page's miss is one.
  if (source?.complete) reportUnsentWord(source.lang ?? "", ns, key);
  return undefined;
}

/** A page's absolute address in a language, on the host that serves that language. */
export function absoluteUrl(plan: HostPlan, lang: LangKey, path: string): string {
  const origin = originForLang(plan, lang);
  return origin + localizePath(path, lang, defaultLangForHost(plan, hostOf(origin)));
}

export interface PageSeo {
  /** The page's own title; the site name is appended. Omit for the site's default (base-info) title. */
  title?: string;
  description?: string;
  keywords?: string;
  /** Pages that must not be indexed (errors, previews) get no canonical or alternates either. */
  noindex?: boolean;
  /** The page's path in each language it exists in, when that differs from this page's path (articles). */
  alternatePaths?: Partial<Record<LangKey, string>>;
  /** The languages this same path exists in, when not all (a tag or a page number some languages lack). */
  alternateLangs?: readonly LangKey[];
  /** Query that belongs to the page's identity (a list's page number), kept in canonical and alternates. */
  canonicalQuery?: string;
  /** Open Graph type (website, article). */
  ogType?: string;
  /** Absolute or site path of the share image, when the page has its own (default: the language's home image). */
  image?: string;
  /** What the share image shows (default: the page's title with its own image, the site's title with the home image). */
  imageAlt?: string;
  /** Typed by schema-dts, so a property schema.org does not define for the type does not compile. */
  jsonLd?: ReadonlyArray<WithContext<Thing>>;
}

/** "page | site", unless the page's own title already names the site ("… in Facet Browser"). */
export function titleWithSite(title: string): string {
  return title.toLowerCase().includes(SITE_NAME.toLowerCase()) ? title : `${title}${TITLE_SEPARATOR}${SITE_NAME}`;
}

/**
 * The product's pictures for a SoftwareApplication: `image`, the page's share image, and
 * `screenshot`, the profile list alone (both drawn in the page's language).
 */
export function productImages(plan: HostPlan, lang: LangKey, page: string): { image: string; screenshot: ImageObject } {
  return {
    image: shareImageUrl(plan, lang, page),
    screenshot: { "@type": "ImageObject", url: shareImageUrl(plan, lang, "screenshot-profiles"), width: "1920", height: "1200" },
  };
}

/**
 * The page head: "page | site" title, description, keywords, a self-referential canonical,
 * reciprocal hreflang alternates for every language plus x-default (docs/decisions/0008),
 * Open Graph and Twitter cards with the 1200x630 share image, and any JSON-LD.
 */
export function pageMeta({ matches, location }: MetaArgs, seo: PageSeo = {}): MetaDescriptor[] {
  const root = rootData(matches);
  const base = root?.baseInfo;
  const title = seo.title ? titleWithSite(seo.title) : (base?.title ?? SITE_NAME);
  const description = seo.description ?? base?.description ?? "";
  const keywords = seo.keywords ?? base?.keywords ?? "";
  const tags: MetaDescriptor[] = [{ title }];
  if (description) tags.push({ name: "description", content: description });
  if (keywords) tags.push({ name: "keywords", content: keywords });
  if (!root || !isLangKey(root.lang) || !isLangKey(root.defaultLang)) return tags;

  const lang = root.lang;
  const plan = root.hostPlan;
  const { path } = splitLangPrefix(location.pathname, root.defaultLang);
  const query = seo.canonicalQuery ?? "";
  const pathIn = (l: LangKey) => (seo.alternatePaths ? seo.alternatePaths[l] : seo.alternateLangs && !seo.alternateLangs.includes(l) ? undefined : path);
  const canonical = absoluteUrl(plan, lang, pathIn(lang) ?? path) + query;
  const image = seo.image ? (seo.image.startsWith("http") ? seo.image : plan.en + seo.image) : shareImageUrl(plan, lang, "home");
  // The default image is the language's home card (the site's name and pitch beside the product):
  // the site's own title says what it shows; a page's own image shows its title.
  const imageAlt = seo.imageAlt ?? (seo.image ? title : (base?.title ?? SITE_NAME));

  if (seo.noindex) {
    tags.push({ name: "robots", content: "noindex" });
  } else {
    tags.push({ tagName: "link", rel: "canonical", href: canonical });
    for (const l of LANGUAGES) {
      const p = pathIn(l.key);
      if (p !== undefined) tags.push({ tagName: "link", rel: "alternate", hrefLang: l.tag, href: absoluteUrl(plan, l.key, p) + query });
    }
    const english = pathIn("en");
    if (english !== undefined) tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(plan, "en", english) + query });
  }

  tags.push(
    { property: "og:type", content: seo.ogType ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: getLanguage(lang).ogLocale },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  );
  if (description) {
    tags.push({ property: "og:description", content: description }, { name: "twitter:description", content: description });
  }
  for (const data of seo.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** A schema.org BreadcrumbList from the home page down to the page itself, with absolute URLs. */
export function breadcrumbList(plan: HostPlan, lang: LangKey, trail: ReadonlyArray<{ name: string; path: string }>): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: SITE_NAME, path: "/" }, ...trail].map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: step.path.startsWith("http") ? step.path : absoluteUrl(plan, lang, step.path),
    })),
  };
}

/** A page with questions and answers (the programmes): its FAQPage data. */
export function faqJsonLd(faq: ReadonlyArray<{ question: string; answer: string }>): WithContext<FAQPage> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faq.map((i) => ({ "@type": "Question", name: i.question, acceptedAnswer: { "@type": "Answer", text: i.answer } })),
  };
}

/** Meta for a page whose title (and description) are message keys of the common namespace. */
export function sectionMeta(args: MetaArgs, titleKey: string, introKey?: string, extra: Omit<PageSeo, "title" | "description"> = {}): MetaDescriptor[] {
  const root = rootData(args.matches);
  return pageMeta(args, {
    title: message(root, titleKey),
    description: introKey ? message(root, introKey) : undefined,
    ...extra,
  });
}

/**
 * The head of an error page (a route threw): its own title in the page's language, noindex,
 * and no canonical or alternates, which would name an address that does not exist.
 */
export function errorPageMeta(args: MetaArgs, status: number): MetaDescriptor[] {
  return sectionMeta(args, status === 404 ? "notFound.title" : "badGateway.title", undefined, { noindex: true });
}

/**
 * <link rel="alternate"> to a section's RSS 2.0 and Atom feeds in the page's language, so feed
 * readers find them (server/pages/feeds.server.ts writes them).
 */
export function feedLinks(args: MetaArgs, section: "blog" | "news" | "release"): MetaDescriptor[] {
  const root = rootData(args.matches);
  if (!root || !isLangKey(root.lang)) return [];
  const title = message(root, `pages.${section}.title`) ?? section;
  return [
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title, href: absoluteUrl(root.hostPlan, root.lang, `/${section}/feed.xml`) },
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title, href: absoluteUrl(root.hostPlan, root.lang, `/${section}/atom.xml`) },
  ];
}
