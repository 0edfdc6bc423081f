import { useTranslation } from "~/i18n/use-translation";
import { PageHtml } from "~/lib/page-html";
import { ExternalLink } from "../ExternalLink";
import { LocalizedLink } from "../LocalizedLink";
import { BecomePartner } from "./PartnerDirectoryPage";
import { PartnerCard, PartnerLogo } from "./PartnerCard";
import type { PartnerDetail, PartnerSummary } from "@contracts/partners";

/** /partner/{id}: who the partner is, what they do, where, their offer for our users, and their website. */
export function PartnerDetailPage({ partner, others }: { partner: PartnerDetail; others: PartnerSummary[] }) {
  const { t } = useTranslation("growth");
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <nav aria-label={t("partners.back")} className="text-sm">
        <LocalizedLink to="/partner" className="text-slate-600 hover:text-indigo-700 hover:underline">
          ← {t("partners.back")}
        </LocalizedLink>
      </nav>
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="min-w-0">
          <header className="flex items-start gap-5">
            <PartnerLogo partner={partner} size={80} />
            <div className="min-w-0">
              <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{partner.name}</h1>
              <p className="mt-1">
                <LocalizedLink to={`/partner?type=${partner.type.slug}`} className="font-medium text-indigo-700 hover:underline">
                  {partner.type.name}
                </LocalizedLink>
              </p>
            </div>
          </header>
          <p className="mt-6 text-lg text-slate-700">{partner.summary}</p>
          {/* Sanitised on import (server/content/markdown.server.ts). */}
          <PageHtml className="article-body mt-6" html={partner.description} />
          <section aria-labelledby="services-title" className="mt-10">
            <h2 id="services-title" className="text-xl font-bold">
              {t("partners.services")}
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="partner-services">
              {partner.services.map((s) => (
                <li key={s} className="flex items-start gap-2 rounded-lg border border-slate-200 bg-white p-3 text-slate-800">
                  <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" fill="currentColor">
                    <path
                      fillRule="evenodd"
                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                      clipRule="evenodd"
                    />
                  </svg>
                  {s}
                </li>
              ))}
            </ul>
          </section>
        </article>
        {/* Named: the page ends with another complementary part (becoming a partner). */}
        <aside aria-label={partner.name} className="space-y-5 lg:sticky lg:top-24 lg:self-start">
          <section aria-labelledby="offer-title" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5">
            <h2 id="offer-title" className="text-sm font-semibold uppercase tracking-wide text-emerald-800">
              {t("partners.offer")}
            </h2>
            <p className="mt-2 text-lg font-semibold text-emerald-950" data-testid="partner-offer">
              {partner.offer}
            </p>
          </section>
          <section aria-labelledby="regions-title" className="rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id="regions-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
              {t("partners.regions")}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2" data-testid="partner-regions">
              {partner.regions.map((r) => (
                <li key={r.slug}>
                  <LocalizedLink
                    to={`/partner?region=${r.slug}`}
                    className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 hover:bg-indigo-50 hover:text-indigo-800"
                  >
                    {r.name}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </section>
          <div>
            <ExternalLink
              href={partner.website}
              describedBy="website-note"
              testId="partner-website"
              className="flex w-full items-center justify-center gap-2 rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700"
            >
              {t("partners.visit")}
              <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4" fill="currentColor">
                <path d="M11 3a1 1 0 1 0 0 2h2.6l-6.3 6.3a1 1 0 1 0 1.4 1.4L15 6.4V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
                <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
              </svg>
            </ExternalLink>
            <p id="website-note" className="mt-2 break-words text-center text-xs text-slate-500">
              {t("partners.externalNote")} · {new URL(partner.website).host}
            </p>
          </div>
        </aside>
      </div>
      {others.length ? (
        <section aria-labelledby="others-title" className="mt-16">
          <h2 id="others-title" className="text-2xl font-bold tracking-tight">
            {t("partners.moreOfType", { type: partner.type.name })}
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((p) => (
              <li key={p.id}>
                <PartnerCard partner={p} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <BecomePartner />
    </div>
  );
}
