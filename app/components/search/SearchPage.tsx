import { useTranslation } from "~/i18n/use-translation";
import { useSiteLocale } from "~/i18n/use-lang";
import { getLanguage, isLangKey, type LangKey } from "~/i18n/languages";
import { formatDate } from "~/lib/format/format-date";
import { cappedCount } from "~/lib/format/format-number";
import { localizePath } from "~/lib/urls/paths";
import { type SearchHit, type SearchKind, type SearchResult } from "@contracts/search-types";
import { LocalizedLink, SiteLink } from "../LocalizedLink";
import { Pagination } from "../Pagination";
import { Highlighted } from "./Highlighted";
import { SearchForm } from "./SearchForm";

export type SearchPageProps =
  { view: "empty"; query: ""; kind: null } | { view: "results"; query: string; kind: SearchKind | null; result: SearchResult; pages: number };

/** "?q=…&kind=…": a tab's address (its first page). */
function tabHref(pathname: string, query: string, kind: SearchKind | null): string {
  const params = new URLSearchParams({ q: query });
  if (kind) params.set("kind", kind);
  return `${pathname}?${params}`;
}

function KindTabs({ query, kind, result }: { query: string; kind: SearchKind | null; result: SearchResult }) {
  const { t } = useTranslation("search");
  const site = useSiteLocale();
  const pathname = localizePath("/search", site.lang, site.defaultLang);
  const all = result.groups.reduce((n, g) => n + g.count, 0);
  const allCapped = result.groups.some((g) => g.capped);
  const tab = "inline-flex items-center gap-2 whitespace-nowrap rounded-full border px-4 py-1.5 text-sm font-medium";
  const tabs: { kind: SearchKind | null; label: string; count: string }[] = [
    { kind: null, label: t("page.all"), count: cappedCount(all, allCapped) },
    ...result.groups.map((g) => ({ kind: g.kind, label: t(`page.kinds.${g.kind}`), count: cappedCount(g.count, g.capped) })),
  ];
  return (
    <nav aria-label={t("page.results")} className="mt-6">
      <ul className="flex flex-wrap gap-2" data-testid="search-kinds">
        {tabs.map((x) => (
          <li key={x.kind ?? "all"}>
            <SiteLink
              href={tabHref(pathname, query, x.kind)}
              aria-current={x.kind === kind ? "page" : undefined}
              className={`${tab} ${x.kind === kind ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-indigo-400"}`}
            >
              {x.label}
              <span className="tabular-nums opacity-80">{x.count}</span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A language's name in the page's language ("English", "อังกฤษ", "英语"). */
function languageName(of: string, inLang: LangKey): string {
  if (!isLangKey(of)) return of;
  try {
    return new Intl.DisplayNames([getLanguage(inLang).tag], { type: "language" }).of(getLanguage(of).tag) ?? getLanguage(of).nativeName;
  } catch {
    return getLanguage(of).nativeName;
  }
}

function Hit({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation("search");
  const site = useSiteLocale();
  const hitLang = isLangKey(hit.lang) ? hit.lang : site.lang;
  const tag = getLanguage(hitLang).tag;
  // A fallback opens the version that exists, in its own language.
  const href = localizePath(hit.path, hitLang, site.defaultLang);
  return (
    <li className="p-5" data-testid="search-hit" data-kind={hit.kind} data-lang={hit.lang}>
      <h3 className="text-lg font-semibold leading-snug">
        <SiteLink
          href={href}
          lang={hit.fallback ? tag : undefined}
          hrefLang={hit.fallback ? tag : undefined}
          className="break-words text-indigo-700 hover:underline"
        >
          <Highlighted text={hit.title} marks={hit.title_marks} />
        </SiteLink>
      </h3>
      {hit.excerpt ? (
        <p className="mt-1 break-words text-sm leading-relaxed text-slate-700" lang={hit.fallback ? tag : undefined}>
          <Highlighted text={hit.excerpt} marks={hit.excerpt_marks} />
        </p>
      ) : null}
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
        {hit.fallback ? (
          <span
            className="rounded bg-amber-50 px-2 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200"
            title={t("page.fallbackHint")}
            data-testid="search-fallback"
          >
            {t("page.fallback", { language: languageName(hit.lang, site.lang) })}
            <span className="sr-only"> ({t("page.fallbackHint")})</span>
          </span>
        ) : null}
        {hit.match === "near" ? <span>{t("page.near")}</span> : null}
        {hit.published_at ? <time dateTime={hit.published_at}>{formatDate(hit.published_at, site.lang)}</time> : null}
      </p>
    </li>
  );
}

/** The page's hits in groups by kind, the groups in the order of their best hit. */
function groupsOf(list: SearchHit[]): { kind: SearchKind; hits: SearchHit[] }[] {
  const groups = new Map<SearchKind, SearchHit[]>();
  for (const hit of list) groups.set(hit.kind, [...(groups.get(hit.kind) ?? []), hit]);
  return [...groups].map(([kind, hits]) => ({ kind, hits }));
}

function Suggestions() {
  const { t } = useTranslation("search");
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <LocalizedLink to="/helps" className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold hover:border-indigo-500">
        {t("page.browseHelp")}
      </LocalizedLink>
      <LocalizedLink to="/pre-sales" className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
        {t("page.bookCall")}
      </LocalizedLink>
    </div>
  );
}

export function SearchPage({ data }: { data: SearchPageProps }) {
  const { t } = useTranslation("search");
  const counts = new Map(data.view === "results" ? data.result.groups.map((g) => [g.kind, cappedCount(g.count, g.capped)]) : []);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">
        {data.view === "results" ? t("page.resultsFor", { query: data.query }) : t("page.title")}
      </h1>
      <div className="mt-6">
        <SearchForm
          query={data.query}
          id="search-page-input"
          autoFocus={data.view === "empty"}
          words={{ label: t("page.label"), placeholder: t("page.placeholder"), submit: t("page.submit") }}
        />
      </div>
      {data.view === "empty" ? (
        <section className="mt-10 rounded-2xl bg-slate-50 p-8" data-testid="search-empty">
          <h2 className="text-xl font-bold">{t("page.emptyTitle")}</h2>
          <p className="mt-2 text-slate-700">{t("page.emptyText")}</p>
          <Suggestions />
        </section>
      ) : data.result.groups.length === 0 ? (
        <section className="mt-10 rounded-2xl bg-slate-50 p-8" data-testid="search-no-results" aria-live="polite">
          <h2 className="break-words text-xl font-bold">{t("page.noResultsTitle", { query: data.query })}</h2>
          <p className="mt-2 text-slate-700">{t("page.noResultsText")}</p>
          <Suggestions />
        </section>
      ) : (
        <>
          <KindTabs query={data.query} kind={data.kind} result={data.result} />
          <p className="mt-4 text-sm text-slate-600" role="status" data-testid="search-count">
            {t("page.count", { count: cappedCount(data.result.total, data.result.total_capped) })}
          </p>
          {groupsOf(data.result.list).map((group) => (
            <section key={group.kind} aria-labelledby={`search-group-${group.kind}`} className="mt-8" data-testid="search-group" data-kind={group.kind}>
              <h2 id={`search-group-${group.kind}`} className="flex items-baseline gap-2 text-lg font-bold">
                {t(`page.kinds.${group.kind}`)}
                <span className="text-sm font-normal tabular-nums text-slate-600">{counts.get(group.kind)}</span>
              </h2>
              <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {group.hits.map((hit) => (
                  <Hit key={`${hit.kind}:${hit.key}`} hit={hit} />
                ))}
              </ul>
            </section>
          ))}
          <Pagination page={data.result.page} pages={data.pages} />
        </>
      )}
    </div>
  );
}
