import { useTranslation } from "~/i18n/use-translation";
import { FaqList } from "../FaqList";
import { LocalizedLink } from "../LocalizedLink";
import { SectionPage } from "../SectionPage";
import { ApplicationForm } from "./ApplicationForm";
import type { Named } from "@contracts/partners";

export interface PartnerPlanData {
  texts: {
    intro: string;
    benefits: { title: string; text: string }[];
    audiences: { title: string; text: string }[];
    steps: { title: string; text: string }[];
    faq: { question: string; answer: string }[];
  };
  types: Named[];
  regions: Named[];
}

/** /partner-plan: what partners get, who can apply, the three steps, the application form and questions. */
export function PartnerPlanPage({ data }: { data: PartnerPlanData }) {
  const { t } = useTranslation("growth");
  const { t: tc } = useTranslation();
  const { texts } = data;
  return (
    <SectionPage title={tc("pages.partnerPlan.title")} intro={texts.intro}>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href="#apply" className="rounded-lg bg-indigo-600 px-5 py-3 text-sm font-semibold text-white hover:bg-indigo-700">
          {t("partnerPlan.formTitle")}
        </a>
        <LocalizedLink to="/partner" className="rounded-lg border border-slate-300 px-5 py-3 text-sm font-semibold hover:border-indigo-400">
          {tc("nav.partner")}
        </LocalizedLink>
      </div>

      <section aria-labelledby="benefits-title" className="mt-14">
        <h2 id="benefits-title" className="text-2xl font-bold tracking-tight">
          {t("partnerPlan.benefitsTitle")}
        </h2>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="partner-benefits">
          {texts.benefits.map((b, i) => (
            <li key={b.title} className={`rounded-xl p-5 ${i === 0 ? "bg-indigo-600 text-white" : "border border-slate-200 bg-white"}`}>
              <h3 className="text-lg font-semibold">{b.title}</h3>
              <p className={`mt-2 text-sm ${i === 0 ? "text-indigo-50" : "text-slate-600"}`}>{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="audiences-title" className="mt-14">
        <h2 id="audiences-title" className="text-2xl font-bold tracking-tight">
          {t("partnerPlan.audiencesTitle")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {texts.audiences.map((a) => (
            <li key={a.title} className="rounded-xl border border-slate-200 bg-white p-5">
              <h3 className="font-semibold">{a.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{a.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-title" className="mt-14">
        <h2 id="steps-title" className="text-2xl font-bold tracking-tight">
          {t("partnerPlan.stepsTitle")}
        </h2>
        <ol className="mt-6 grid gap-5 md:grid-cols-3" data-testid="partner-steps">
          {texts.steps.map((s, i) => (
            <li key={s.title} className="relative rounded-xl border border-slate-200 bg-slate-50 p-5 pl-16">
              <span
                className="absolute left-5 top-5 flex size-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="font-semibold">{s.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="apply" aria-labelledby="apply-title" className="mt-14 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h2 id="apply-title" className="text-2xl font-bold tracking-tight">
          {t("partnerPlan.formTitle")}
        </h2>
        <p className="mt-2 text-slate-600">{t("partnerPlan.formIntro")}</p>
        <div className="mt-6">
          <ApplicationForm types={data.types} regions={data.regions} />
        </div>
      </section>

      <FaqList title={t("partnerPlan.faqTitle")} items={texts.faq} />
    </SectionPage>
  );
}
