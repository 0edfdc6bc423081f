import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { useLang, useSiteLocale } from "~/i18n/use-lang";
import { formatDate } from "~/lib/format/format-date";
import type { HelpCategory, HelpSummary } from "@contracts/help-types";
import { localizePath } from "~/lib/urls/paths";
import { LocalizedLink } from "../LocalizedLink";
import { Pagination } from "../Pagination";
import { FallbackBadge } from "../FallbackNotice";
import { langAttribute } from "~/i18n/fallback";

type HelpCentreData =
  | { view: "home"; keyword: string; category: null; categories: HelpCategory[]; popular: HelpSummary[]; latest: HelpSummary[] }
  | { view: "category"; keyword: string; category: HelpCategory; categories: HelpCategory[]; articles: HelpSummary[] }
  | {
      view: "search";
      keyword: string;
      category: HelpCategory | null;
      categories: HelpCategory[];
      results: { list: HelpSummary[]; total: number; page: number };
      pages: number;
    };

export function HelpBreadcrumb({ category, title }: { category?: { slug: string; name: string } | null; title?: string }) {
  const { t } = useTranslation("help");
  const { t: tc } = useTranslation();
  const crumbs: { to?: string; label: string }[] = [
    { to: "/", label: t("centre.home") },
    { to: "/helps", label: tc("pages.helps.title") },
  ];
  if (category) crumbs.push({ to: `/helps?category=${category.slug}`, label: category.name });
  if (title) crumbs.push({ label: title });
  const last = crumbs.length - 1;
  return (
    <nav aria-label={t("centre.breadcrumb")} className="text-sm text-slate-500">
      <ol className="flex flex-wrap gap-2">
        {crumbs.map((c, i) => (
          <li key={i}>
            {c.to && i !== last ? (
              <LocalizedLink to={c.to} className="hover:text-indigo-700">
                {c.label}
              </LocalizedLink>
            ) : (
              <span aria-current="page" className="text-slate-700">
                {c.label}
              </span>
            )}
            {i !== last ? <span aria-hidden="true"> /</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function SearchForm({ keyword, category }: { keyword: string; category: string | null }) {
  const { t } = useTranslation("help");
  const site = useSiteLocale();
  return (
    // A plain GET form: the query lives in the URL, works without JavaScript and can be shared.
    <Form method="get" action={localizePath("/helps", site.lang, site.defaultLang)} role="search" className="mt-8 flex max-w-2xl gap-2">
      <label htmlFor="help-search" className="sr-only">
        {t("centre.searchLabel")}
      </label>
      <input
        id="help-search"
        type="search"
        name="keyword"
        defaultValue={keyword}
        maxLength={100}
        placeholder={t("centre.searchPlaceholder")}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-3 text-base focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
      />
      {category ? <input type="hidden" name="category" value={category} /> : null}
      <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
        {t("centre.searchSubmit")}
      </button>
    </Form>
  );
}

export function HelpArticleList({ articles, testId = "help-article-list" }: { articles: HelpSummary[]; testId?: string }) {
  const { t } = useTranslation("help");
  const lang = useLang();
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid={testId}>
      {articles.map((a) => (
        <li key={a.id} className="p-5" data-testid="help-article-item">
          <h3 className="font-semibold">
            <LocalizedLink to={`/helps/${a.id}`} className="hover:text-indigo-700" lang={langAttribute(a.lang, lang)}>
              {a.title}
            </LocalizedLink>
            {a.lang !== lang ? <FallbackBadge lang={a.lang} /> : null}
          </h3>
          {a.summary ? (
            <p className="mt-1 text-sm text-slate-600" lang={langAttribute(a.lang, lang)}>
              {a.summary}
            </p>
          ) : null}
          <p className="mt-2 flex flex-wrap gap-x-3 text-xs text-slate-500">
            <LocalizedLink to={`/helps?category=${a.category.slug}`} className="font-medium text-indigo-700 hover:underline">
              {a.category.name}
            </LocalizedLink>
            <time dateTime={a.updated_at}>{t("centre.updated", { date: formatDate(a.updated_at, lang) })}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The two ways on when the help centre has not answered: a call with the pre-sales team, or the FAQ. */
export function HelpContactLinks({ tone = "light" }: { tone?: "light" | "tinted" }) {
  const { t } = useTranslation("help");
  return (
    <div className="flex flex-wrap gap-3">
      <LocalizedLink to="/pre-sales" className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
        {t("centre.bookCall")}
      </LocalizedLink>
      <LocalizedLink
        to="/faq"
        className={`rounded-lg border bg-white px-5 py-2.5 font-semibold hover:border-indigo-500 ${tone === "tinted" ? "border-indigo-300 text-indigo-700" : "border-slate-300"}`}
      >
        {t("centre.readFaq")}
      </LocalizedLink>
    </div>
  );
}

function StillStuck() {
  const { t } = useTranslation("help");
  return (
    <aside
      className="mt-16 flex flex-col items-start gap-4 rounded-2xl bg-indigo-50 p-8 sm:flex-row sm:items-center sm:justify-between"
      aria-labelledby="still-stuck"
    >
      <div>
        <h2 id="still-stuck" className="text-xl font-bold">
          {t("centre.stillStuck")}
        </h2>
        <p className="mt-1 text-slate-700">{t("centre.stillStuckText")}</p>
      </div>
      <HelpContactLinks tone="tinted" />
    </aside>
  );
}

function Topics({ categories, current }: { categories: HelpCategory[]; current: string | null }) {
  const { t } = useTranslation("help");
  return (
    <section aria-labelledby="help-topics" className="mt-12">
      <h2 id="help-topics" className="text-xl font-bold">
        {t("centre.categories")}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="help-categories">
        {categories.map((c) => (
          <li key={c.id}>
            <LocalizedLink
              to={`/helps?category=${c.slug}`}
              aria-current={c.slug === current ? "page" : undefined}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-indigo-400 aria-[current=page]:border-indigo-600 aria-[current=page]:bg-indigo-50"
            >
              <span className="font-semibold">{c.name}</span>
              <span className="mt-1 text-sm text-slate-500">{t("centre.articleCount", { count: c.count })}</span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HelpCentrePage({ data }: { data: HelpCentreData }) {
  const { t } = useTranslation("help");
  const { t: tc } = useTranslation();
  const heading = data.category ? data.category.name : tc("pages.helps.title");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <HelpBreadcrumb category={data.view === "search" ? data.category : null} title={data.view === "category" ? data.category.name : undefined} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
        <p className="mt-4 text-lg text-slate-600">{tc("pages.helps.intro")}</p>
      </header>
      <SearchForm keyword={data.keyword} category={data.view === "search" && data.category ? data.category.slug : null} />

      {data.view === "search" ? (
        <section aria-labelledby="help-results" className="mt-10">
          <h2 id="help-results" className="text-xl font-bold" data-testid="help-search-summary">
            {data.results.total ? t("centre.resultsFor", { query: data.keyword }) : t("centre.noResults", { query: data.keyword })}
          </h2>
          {data.results.total ? (
            <>
              <p className="mt-1 text-sm text-slate-500" role="status">
                {t("centre.resultCount", { count: data.results.total })}
              </p>
              <div className="mt-4">
                <HelpArticleList articles={data.results.list} testId="help-results" />
              </div>
              <Pagination page={data.results.page} pages={data.pages} />
            </>
          ) : (
            <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-6" data-testid="help-no-results" role="status">
              <p className="text-slate-700">{t("centre.noResultsHint")}</p>
              <div className="mt-4">
                <HelpContactLinks />
              </div>
            </div>
          )}
          <p className="mt-6">
            <LocalizedLink to="/helps" className="text-sm font-medium text-indigo-700 hover:underline">
              {t("centre.clearSearch")}
            </LocalizedLink>
          </p>
        </section>
      ) : null}

      {data.view === "category" ? (
        <section aria-labelledby="help-category" className="mt-10">
          <h2 id="help-category" className="sr-only">
            {t("centre.inCategory", { category: data.category.name })}
          </h2>
          {data.articles.length ? (
            <HelpArticleList articles={data.articles} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-600" role="status">
              {t("centre.emptyCategory")}
            </p>
          )}
        </section>
      ) : null}

      {data.view === "home" ? (
        <div className="mt-12 grid gap-10 lg:grid-cols-2">
          <section aria-labelledby="help-popular">
            <h2 id="help-popular" className="text-xl font-bold">
              {t("centre.popular")}
            </h2>
            <div className="mt-4">
              <HelpArticleList articles={data.popular} testId="help-popular" />
            </div>
          </section>
          <section aria-labelledby="help-latest">
            <h2 id="help-latest" className="text-xl font-bold">
              {t("centre.latest")}
            </h2>
            <div className="mt-4">
              <HelpArticleList articles={data.latest} testId="help-latest" />
            </div>
          </section>
        </div>
      ) : null}

      <Topics categories={data.categories} current={data.category?.slug ?? null} />
      <StillStuck />
    </div>
  );
}
