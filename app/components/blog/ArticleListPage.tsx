import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { useSiteLocale } from "~/i18n/use-lang";
import { localizePath } from "~/lib/urls/paths";
import { LocalizedLink, SiteLink } from "../LocalizedLink";
import type { ArticleSummary } from "@contracts/article-types";
import type { LangKey } from "~/i18n/languages";
import { ArticleCard } from "./ArticleCard";
import { Pagination } from "../Pagination";
import { TagCloud } from "./TagCloud";
import { cappedCount } from "~/lib/format/format-number";

type Counted = { slug: string; name: string; count: number };

export interface ArticleListData {
  type: "blog" | "news";
  category: Counted | null;
  tag: Counted | null;
  keyword: string;
  categories: Counted[];
  tags: Counted[];
  latest: ArticleSummary[];
  result: { list: ArticleSummary[]; total: number; total_capped?: boolean; page: number; page_size: number };
  pages: number;
  /** Pieces not written in the page's language yet, in the language they are (docs/decisions/0029). */
  untranslated?: (ArticleSummary & { lang: LangKey })[];
}

export function ArticleListPage({ data }: { data: ArticleListData }) {
  const { t } = useTranslation("blog");
  const { t: tc } = useTranslation();
  const { lang, defaultLang } = useSiteLocale();
  const { type, category, tag, keyword, result } = data;
  const section = tc(`pages.${type}.title`);
  const title = tag && category ? t("list.tagTitle", { category: category.name, tag: tag.name }) : (category?.name ?? section);
  const basePath = category ? `/${type}-${category.slug}${tag ? `/${tag.slug}` : ""}` : `/${type}`;
  const action = localizePath(basePath, lang, defaultLang);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <header className="max-w-3xl">
        {category ? (
          <LocalizedLink to={`/${type}`} className="text-sm font-semibold text-indigo-700 hover:underline">
            {section}
          </LocalizedLink>
        ) : null}
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-slate-600">{tc(`pages.${type}.intro`)}</p>
      </header>

      <Form method="get" action={action} role="search" className="mt-8 flex max-w-xl gap-2">
        <label htmlFor="article-search" className="sr-only">
          {t("search.label")}
        </label>
        <input
          id="article-search"
          type="search"
          name="keyword"
          defaultValue={keyword}
          key={keyword}
          maxLength={100}
          placeholder={t("search.placeholder")}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
        />
        <button type="submit" className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
          {t("search.submit")}
        </button>
      </Form>

      <nav aria-label={t("list.categories")} className="mt-8">
        <ul className="flex flex-wrap gap-2">
          <li>
            <LocalizedLink
              to={`/${type}`}
              aria-current={!category ? "page" : undefined}
              className="inline-block rounded-full border border-slate-300 px-4 py-1.5 text-sm aria-[current=page]:border-indigo-600 aria-[current=page]:bg-indigo-600 aria-[current=page]:text-white"
            >
              {t("list.all")}
            </LocalizedLink>
          </li>
          {data.categories.map((c) => (
            <li key={c.slug}>
              <LocalizedLink
                to={`/${type}-${c.slug}`}
                aria-current={category?.slug === c.slug && !tag ? "page" : undefined}
                className="group inline-block rounded-full border border-slate-300 px-4 py-1.5 text-sm aria-[current=page]:border-indigo-600 aria-[current=page]:bg-indigo-600 aria-[current=page]:text-white"
              >
                {/* Muted beside the name, but full white on the chosen chip: faded white on indigo is too faint to read. */}
                {c.name} <span className="text-xs opacity-70 group-aria-[current=page]:opacity-100">({c.count})</span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </nav>

      {category && data.tags.length ? <TagCloud tags={data.tags} current={tag?.slug} href={(slug) => `/${type}-${category.slug}/${slug}`} /> : null}

      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_18rem]">
        <section aria-live="polite">
          {keyword ? (
            <div className="mb-6 flex flex-wrap items-baseline gap-3" data-testid="search-summary">
              <h2 className="text-xl font-semibold">{t("search.resultsFor", { query: keyword })}</h2>
              <span className="text-sm text-slate-500">{t("search.resultCount", { count: cappedCount(result.total, result.total_capped) })}</span>
              <SiteLink href={action} className="text-sm text-indigo-700 hover:underline">
                {t("search.clear")}
              </SiteLink>
            </div>
          ) : null}
          {result.list.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center" data-testid="empty-list">
              <p className="text-lg font-semibold">{keyword ? t("search.noResults") : t("list.empty")}</p>
              {keyword ? <p className="mt-2 text-slate-600">{t("search.noResultsHint")}</p> : null}
            </div>
          ) : (
            <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {result.list.map((a, i) => (
                <ArticleCard key={a.id} article={a} type={type} priority={i === 0} />
              ))}
            </div>
          )}
          <Pagination page={result.page} pages={data.pages} />
          {data.untranslated?.length ? (
            <section aria-labelledby="untranslated-title" className="mt-12 border-t border-slate-200 pt-8" data-testid="untranslated">
              <h2 id="untranslated-title" className="text-xl font-bold">
                {tc("fallback.more")}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{tc("fallback.moreIntro")}</p>
              <div className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                {data.untranslated.map((a) => (
                  <ArticleCard key={a.id} article={a} type={type} writtenIn={a.lang} />
                ))}
              </div>
            </section>
          ) : null}
        </section>

        <aside aria-labelledby="latest-title" className="lg:border-l lg:border-slate-200 lg:pl-8">
          <h2 id="latest-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            {t("list.latest")}
          </h2>
          <ul className="mt-4 space-y-4">
            {data.latest.map((a) => (
              <li key={a.id}>
                <LocalizedLink to={`/${type}/${a.id}`} className="font-medium hover:text-indigo-700">
                  {a.title}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
