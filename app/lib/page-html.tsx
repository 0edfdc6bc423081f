import { createContext, useCallback, useContext, type HTMLAttributes } from "react";

/**
 * Markup written by people (an article's body, a help article, FAQ answers) is sent to the browser
 * once, not twice (docs/decisions/0027).
 *
 * A page's loader data is written into its document for hydration, so markup a page shows was in
 * the document twice: as HTML and again, escaped, in the loader data. On a document request the
 * loader now puts a mark in the data instead (`sendOnce`) and leaves the markup in this request's
 * load context (`pageHtml`); the server render takes it from there, and the browser, hydrating,
 * takes it from the element the server wrote (`data-page-html`). A data request (a client
 * navigation, a revalidation) has no store: its data carries the markup itself.
 */

const MARK = "\u0000page-html:";

/** This document request's markup, by mark; null on a data request, whose data carries it. */
export type PageHtmlStore = Map<string, string>;

export const PageHtmlContext = createContext<PageHtmlStore | null>(null);

/** For loaders: `html` itself on a data request, a mark standing for it on a document request. */
export function sendOnce(store: PageHtmlStore | null, html: string): string {
  if (!store || html === "") return html;
  const id = String(store.size);
  store.set(id, html);
  return MARK + id;
}

/** Markup the browser took from the server's document, by mark: kept for elements that mount again (a filter). */
const fromDocument = new Map<string, string>();

function resolve(store: PageHtmlStore | null, value: string): { html: string; id?: string } {
  if (!value.startsWith(MARK)) return { html: value };
  const id = value.slice(MARK.length);
  if (store) return { html: store.get(id) ?? "", id };
  let html = fromDocument.get(id);
  if (html === undefined && typeof document !== "undefined") {
    html = document.querySelector(`[data-page-html="${id}"]`)?.innerHTML;
    if (html !== undefined) fromDocument.set(id, html);
  }
  return { html: html ?? "", id };
}

/** The markup a value from loader data stands for (to search it, for example); the same function while the store is. */
export function usePageHtml(): (value: string) => string {
  const store = useContext(PageHtmlContext);
  return useCallback((value: string) => resolve(store, value).html, [store]);
}

/** An element whose content is trusted markup from loader data, sent once. */
export function PageHtml({ html, ...props }: { html: string } & Omit<HTMLAttributes<HTMLDivElement>, "dangerouslySetInnerHTML" | "children">) {
  const store = useContext(PageHtmlContext);
  const resolved = resolve(store, html);
  return <div {...props} data-page-html={resolved.id} dangerouslySetInnerHTML={{ __html: resolved.html }} />;
}
