/**
 * What the search page (/search?q=…, /{lang}/search?q=…) loads, for its thin route module.
 */
import { data, type AppLoadContext } from "react-router";
import type { LangKey } from "~/i18n/languages";
import { pageFromQuery } from "@contracts/address-numbers";
import { SEARCH_KINDS, type SearchKind } from "@contracts/search-types";
import type { SearchResult } from "@contracts/search-types";
import { noteSearchMiss, search } from "../services/search.server";
import { writtenDates, type WrittenDates } from "~/lib/format/format-date";

export const SEARCH_PAGE_SIZE = 10;

const notFound = () => data(null, { status: 404 });

export type SearchPageData =
  | { view: "empty"; lang: LangKey; query: ""; kind: null }
  | { view: "results"; lang: LangKey; query: string; kind: SearchKind | null; result: SearchResult; pages: number; writtenDates: WrittenDates };

/** ?q= the words, ?kind= one kind's results (the others still counted), ?page= the page. No words: the empty search page. */
export async function loadSearchPage(context: AppLoadContext, request: Request, lang: LangKey): Promise<SearchPageData> {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const rawKind = url.searchParams.get("kind");
  const kind = rawKind === null || rawKind === "" ? null : (SEARCH_KINDS as readonly string[]).includes(rawKind) ? (rawKind as SearchKind) : undefined;
  const page = pageFromQuery(url.searchParams.get("page"));
  if (page === null || kind === undefined) throw notFound();
  if (!query) {
    if (page !== 1) throw notFound();
    return { view: "empty", lang, query: "", kind: null };
  }
  const result = await search(context.db, { q: query, lang, listKind: kind ?? undefined, page, pageSize: SEARCH_PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(result.total / SEARCH_PAGE_SIZE));
  if (page > pages) throw notFound();
  if (result.groups.length === 0) await noteSearchMiss(context.db, context.logger, { lang, scope: "site", query, ip: context.clientIp });
  return {
    view: "results",
    lang,
    query,
    kind,
    result,
    pages,
    writtenDates: writtenDates(
      lang,
      result.list.map((hit) => hit.published_at),
    ),
  };
}
