import type { MetaDescriptor } from "react-router";
import { SITE_NAME, TITLE_SEPARATOR } from "./site";

export interface RootLoaderData {
  lang: string;
  messages: Record<string, unknown>;
  baseInfo: { title: string; keywords: string; description: string } | null;
}

type Match = { id: string; data?: unknown } | undefined;

export function rootData(matches: ReadonlyArray<Match>): RootLoaderData | undefined {
  return matches.find((m) => m?.id === "root")?.data as RootLoaderData | undefined;
}

/** Looks a dotted key up in the root's message bundle (meta functions cannot use hooks). */
export function message(root: RootLoaderData | undefined, key: string, ns = "common"): string | undefined {
  let node: unknown = root?.messages[ns];
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

export interface PageSeo {
  /** The page's own title; the site name is appended. Omit for the site's default (base-info) title. */
  title?: string;
  description?: string;
  keywords?: string;
}

/** Title "page | site", description and keywords, falling back to the site's base info. */
export function pageMeta(matches: ReadonlyArray<Match>, seo: PageSeo = {}): MetaDescriptor[] {
  const base = rootData(matches)?.baseInfo;
  const title = seo.title ? `${seo.title}${TITLE_SEPARATOR}${SITE_NAME}` : (base?.title ?? SITE_NAME);
  const description = seo.description ?? base?.description ?? "";
  const keywords = seo.keywords ?? base?.keywords ?? "";
  const tags: MetaDescriptor[] = [{ title }];
  if (description) tags.push({ name: "description", content: description });
  if (keywords) tags.push({ name: "keywords", content: keywords });
  return tags;
}

/** Meta for a page whose title is a message key of the common namespace. */
export function sectionMeta(matches: ReadonlyArray<Match>, titleKey: string, introKey?: string): MetaDescriptor[] {
  const root = rootData(matches);
  return pageMeta(matches, {
    title: message(root, titleKey),
    description: introKey ? message(root, introKey) : undefined,
  });
}
