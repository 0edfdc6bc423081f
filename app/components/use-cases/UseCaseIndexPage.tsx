import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "../LocalizedLink";
import { SectionPage } from "../SectionPage";
import type { UseCaseSummary } from "@contracts/use-cases";
import { FallbackBadge } from "../FallbackNotice";
import { langAttribute } from "~/i18n/fallback";
import { useLang } from "~/i18n/use-lang";

/** /scenarios: every use case in the chain's order, then the solution pages. */
export function UseCaseIndexPage({ scenarios, solutions }: { scenarios: UseCaseSummary[]; solutions: UseCaseSummary[] }) {
  const { t } = useTranslation("growth");
  const lang = useLang();
  return (
    <SectionPage title={t("useCases.indexTitle")} intro={t("useCases.indexIntro")}>
      <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="use-case-index">
        {scenarios.map((u, i) => (
          <li key={u.slug} className="flex">
            <LocalizedLink
              to={`/scenarios/${u.slug}`}
              className="group flex w-full flex-col rounded-xl border border-slate-200 bg-white p-6 transition hover:border-indigo-300 hover:shadow-sm focus-visible:border-indigo-500"
            >
              <span className="text-sm font-semibold tabular-nums text-indigo-600" aria-hidden="true">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h2 className="mt-2 text-lg font-semibold leading-snug group-hover:text-indigo-700">
                <span lang={langAttribute(u.lang, lang)}>{u.title}</span>
                {u.lang !== lang ? <FallbackBadge lang={u.lang} /> : null}
              </h2>
              <p className="mt-2 flex-1 text-sm text-slate-600" lang={langAttribute(u.lang, lang)}>
                {u.summary}
              </p>
              <span className="mt-4 text-sm font-semibold text-indigo-700" aria-hidden="true">
                {t("useCases.readCase")} →
              </span>
            </LocalizedLink>
          </li>
        ))}
      </ol>
      {solutions.length ? (
        <section className="mt-16" aria-labelledby="solutions-title">
          <h2 id="solutions-title" className="text-2xl font-bold tracking-tight">
            {t("useCases.solutionsTitle")}
          </h2>
          <ul className="mt-6 grid gap-5 md:grid-cols-2">
            {solutions.map((s) => (
              <li key={s.slug}>
                <LocalizedLink
                  to={`/solutions/${s.slug}`}
                  className="block h-full rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 p-6 text-white hover:from-indigo-700 hover:to-violet-700"
                >
                  <h3 className="text-lg font-semibold">{s.title}</h3>
                  <p className="mt-2 text-sm text-indigo-50">{s.summary}</p>
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </SectionPage>
  );
}
