import { useTranslation } from "~/i18n/use-translation";
import { PageHtml } from "~/lib/page-html";
import { useLang } from "~/i18n/use-lang";
import { ArticleCard } from "../blog/ArticleCard";
import { LocalizedLink } from "../LocalizedLink";
import { formatPrice } from "~/lib/format/format-number";
import type { UseCaseDetail, UseCaseSummary } from "@contracts/use-cases";
import { FallbackNotice } from "../FallbackNotice";
import { langAttribute } from "~/i18n/fallback";
import { Drawing } from "../drawings/Drawing";

const BUTTON =
  "inline-flex items-center justify-center rounded-lg px-5 py-3 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * A use-case page (/scenarios/{slug}) or a solution page (/solutions/{slug}): the audience's
 * problem and how the product solves it (the content's sections), the features that matter,
 * related articles, the previous/next chain, and calls to download, pricing and a demo.
 */
export function UseCasePage({ page, fromPrice }: { page: UseCaseDetail; fromPrice: number | null }) {
  const { t } = useTranslation("growth");
  const { t: tc } = useTranslation();
  const lang = useLang();
  const solution = page.kind === "solution";
  return (
    <article>
      <header className="border-b border-slate-200 bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <nav aria-label={tc("nav.useCases")} className="text-sm text-slate-600">
            <LocalizedLink to="/scenarios" className="hover:text-indigo-700 hover:underline">
              {t("useCases.allCases")}
            </LocalizedLink>
          </nav>
          {page.lang !== lang ? <FallbackNotice from={page.lang} /> : null}
          <h1 className="mt-3 max-w-4xl text-3xl font-bold tracking-tight sm:text-4xl" lang={langAttribute(page.lang, lang)}>
            {page.title}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700" lang={langAttribute(page.lang, lang)}>
            {page.summary}
          </p>
          {page.apps.length ? (
            <div className="mt-6">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t("solution.appsTitle")}</h2>
              <ul className="mt-3 flex flex-wrap gap-2" data-testid="solution-apps">
                {page.apps.map((app) => (
                  <li key={app} className="rounded-full border border-indigo-200 bg-white px-3 py-1 text-sm font-medium text-indigo-800">
                    {app}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            {solution ? (
              <LocalizedLink
                to="/Pricing"
                className={`${BUTTON} bg-indigo-600 text-white hover:bg-indigo-700 focus-visible:outline-indigo-600`}
                data-testid="solution-pricing"
              >
                {t("solution.ctaButton")}
              </LocalizedLink>
            ) : (
              <LocalizedLink to="/download" className={`${BUTTON} bg-indigo-600 text-white hover:bg-indigo-700 focus-visible:outline-indigo-600`}>
                {t("useCases.download")}
              </LocalizedLink>
            )}
            <LocalizedLink
              to={solution ? "/download" : "/Pricing"}
              className={`${BUTTON} border border-slate-300 bg-white text-slate-900 hover:border-indigo-400`}
            >
              {solution ? t("useCases.download") : t("useCases.pricing")}
            </LocalizedLink>
            <LocalizedLink to="/pre-sales" className={`${BUTTON} text-indigo-700 hover:bg-indigo-50`}>
              {t("useCases.demo")}
            </LocalizedLink>
          </div>
          <Drawing name={page.drawing} className="mt-10 max-w-4xl" />
        </div>
      </header>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 max-w-3xl">
          {page.sections.map((s) => (
            <section key={s.id} aria-labelledby={s.id} className="mt-10 first:mt-0">
              <h2 id={s.id} className="scroll-mt-24 text-2xl font-bold text-slate-900">
                {s.title}
              </h2>
              {/* Sanitised on import (server/content/markdown.server.ts). */}
              <PageHtml className="article-body mt-4" html={s.html} lang={langAttribute(page.lang, lang)} />
            </section>
          ))}
        </div>
        <aside aria-labelledby="features-title" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="features-title" className="text-lg font-bold">
            {t("useCases.features")}
          </h2>
          <ul className="mt-4 space-y-3" data-testid="use-case-features">
            {page.features.map((f) => (
              <li key={f.title} className="rounded-xl border border-slate-200 bg-white p-4">
                <h3 className="flex items-start gap-2 font-semibold">
                  <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" fill="currentColor">
                    <path
                      fillRule="evenodd"
                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                      clipRule="evenodd"
                    />
                  </svg>
                  {f.title}
                </h3>
                <p className="mt-1 text-sm text-slate-600">{f.text}</p>
              </li>
            ))}
          </ul>
        </aside>
      </div>

      <section aria-labelledby="related-title" className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="related-title" className="text-2xl font-bold tracking-tight">
            {t("useCases.related")}
          </h2>
          {page.related_articles.length ? (
            <div className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="related-articles">
              {page.related_articles.map((a) => (
                <ArticleCard key={a.id} article={a} type="blog" />
              ))}
            </div>
          ) : (
            <p className="mt-4 text-slate-600">
              {t("useCases.noRelated")}{" "}
              <LocalizedLink to="/blog" className="font-semibold text-indigo-700 hover:underline">
                {t("useCases.browseBlog")}
              </LocalizedLink>
            </p>
          )}
        </div>
      </section>

      {page.prev || page.next ? <Sequence prev={page.prev} next={page.next} /> : null}

      <section aria-labelledby="cta-title" className="bg-indigo-700 text-white" data-track-expose={`use-case-cta-${page.slug}`}>
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="cta-title" className="text-2xl font-bold">
              {solution ? t("solution.ctaTitle") : t("useCases.ctaTitle")}
            </h2>
            <p className="mt-2 text-indigo-100">
              {solution && fromPrice !== null ? t("solution.ctaText", { price: formatPrice(fromPrice, lang) }) : t("useCases.ctaText")}
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <LocalizedLink to="/Pricing" className={`${BUTTON} bg-white text-indigo-800 hover:bg-indigo-50 focus-visible:outline-white`}>
              {solution ? t("solution.ctaButton") : t("useCases.pricing")}
            </LocalizedLink>
            <LocalizedLink to="/pre-sales" className={`${BUTTON} border border-indigo-300 text-white hover:bg-indigo-600 focus-visible:outline-white`}>
              {t("useCases.demo")}
            </LocalizedLink>
          </div>
        </div>
      </section>
    </article>
  );
}

function Sequence({ prev, next }: { prev: UseCaseSummary | null; next: UseCaseSummary | null }) {
  const { t } = useTranslation("growth");
  const card = "flex flex-col rounded-xl border border-slate-200 bg-white p-5 hover:border-indigo-300";
  return (
    <nav aria-label={t("useCases.sequence")} className="mx-auto grid max-w-6xl gap-4 px-4 py-10 sm:grid-cols-2" data-testid="use-case-sequence">
      {prev ? (
        <LocalizedLink to={`/scenarios/${prev.slug}`} rel="prev" className={card} data-testid="use-case-prev">
          <span className="text-sm text-slate-500">← {t("useCases.previous")}</span>
          <span className="mt-1 font-semibold text-indigo-800">{prev.title}</span>
        </LocalizedLink>
      ) : (
        <span aria-hidden="true" />
      )}
      {next ? (
        <LocalizedLink to={`/scenarios/${next.slug}`} rel="next" className={`${card} sm:items-end sm:text-right`} data-testid="use-case-next">
          <span className="text-sm text-slate-500">{t("useCases.next")} →</span>
          <span className="mt-1 font-semibold text-indigo-800">{next.title}</span>
        </LocalizedLink>
      ) : null}
    </nav>
  );
}
