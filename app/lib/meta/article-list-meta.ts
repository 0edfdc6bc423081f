import type { MetaDescriptor } from "react-router";
import type { LangKey } from "~/i18n/languages";
import { feedLinks, message, pageMeta, rootData, type MetaArgs } from "./meta";

interface ListMetaData {
  type: "blog" | "news";
  category: { name: string } | null;
  tag: { name: string } | null;
  keyword: string;
  result: { page: number };
  /** The languages in which this exact list page exists: the only ones its alternates may name. */
  alternateLangs: readonly LangKey[];
}

/** List pages: page 2+ keep their number in the canonical; search results are not indexed. */
export function articleListMeta(args: MetaArgs, data: ListMetaData | undefined): MetaDescriptor[] {
  if (!data) return pageMeta(args);
  const root = rootData(args.matches);
  const section = message(root, `pages.${data.type}.title`);
  const title = data.tag && data.category ? `${data.category.name}: ${data.tag.name}` : (data.category?.name ?? section);
  const head = pageMeta(args, {
    title: data.result.page > 1 ? `${title} (${data.result.page})` : title,
    description: message(root, `pages.${data.type}.intro`),
    canonicalQuery: data.result.page > 1 ? `?page=${data.result.page}` : "",
    noindex: Boolean(data.keyword),
    alternateLangs: data.alternateLangs,
  });
  return [...head, ...feedLinks(args, data.type)];
}
