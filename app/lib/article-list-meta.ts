import type { MetaDescriptor } from "react-router";
import { message, pageMeta, rootData, type MetaArgs } from "./meta";

interface ListMetaData {
  type: "blog" | "news";
  category: { name: string } | null;
  tag: { name: string } | null;
  keyword: string;
  result: { page: number };
}

/** List pages: page 2+ keep their number in the canonical; search results are not indexed. */
export function articleListMeta(args: MetaArgs, data: ListMetaData | undefined): MetaDescriptor[] {
  if (!data) return pageMeta(args);
  const root = rootData(args.matches);
  const section = message(root, `pages.${data.type}.title`);
  const title = data.tag && data.category ? `${data.category.name}: ${data.tag.name}` : (data.category?.name ?? section);
  return pageMeta(args, {
    title: data.result.page > 1 ? `${title} (${data.result.page})` : title,
    description: message(root, `pages.${data.type}.intro`),
    canonicalQuery: data.result.page > 1 ? `?page=${data.result.page}` : "",
    noindex: Boolean(data.keyword),
  });
}
