import { useTranslation } from "~/i18n/use-translation";
import type { Quote } from "~/lib/price-client";
import { FaqList } from "../FaqList";
import { LocalizedLink } from "../LocalizedLink";
import { SectionPage } from "../SectionPage";
import { RewardCalculator, type CalculatorProps } from "./RewardCalculator";

export interface ReferralData {
  config: {
    commission_percent: number;
    cookie_days: number;
    payout_methods: { key: string; name: string; text: string }[];
    examples: CalculatorProps["examples"];
  };
  texts: {
    intro: string;
    steps: { title: string; text: string }[];
    terms: string[];
    faq: { question: string; answer: string }[];
  };
  quotes: Record<string, Quote>;
  choices: CalculatorProps["choices"];
}

/** /referral-program: how it works, the commission, the reward calculator, payouts and terms. */
export function ReferralPage({ data }: { data: ReferralData }) {
  const { t } = useTranslation("growth");
  const { t: tc } = useTranslation();
  const { config, texts } = data;
  return (
    <SectionPage title={tc("pages.referral.title")} intro={texts.intro}>
      <dl className="mt-8 grid gap-4 sm:grid-cols-2" data-testid="referral-figures">
        <div className="flex flex-col rounded-2xl bg-indigo-600 p-6 text-white">
          <dt className="text-sm text-indigo-100">{t("referral.commissionText")}</dt>
          <dd className="order-first text-3xl font-bold" data-testid="referral-commission">
            {t("referral.commission", { percent: config.commission_percent })}
          </dd>
        </div>
        <div className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6">
          <dt className="text-sm text-slate-600">{t("referral.cookieDaysText", { days: config.cookie_days })}</dt>
          <dd className="order-first text-3xl font-bold">{t("referral.cookieDays", { days: config.cookie_days })}</dd>
        </div>
      </dl>

      <section aria-labelledby="referral-steps" className="mt-14">
        <h2 id="referral-steps" className="text-2xl font-bold tracking-tight">
          {t("referral.stepsTitle")}
        </h2>
        <ol className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="referral-steps-list">
          {texts.steps.map((s, i) => (
            <li key={s.title} className="rounded-xl border border-slate-200 bg-white p-5">
              <span className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-sm font-bold text-indigo-800" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="mt-3 font-semibold">{s.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="calculator-title" className="mt-14 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-8">
        <h2 id="calculator-title" className="text-2xl font-bold tracking-tight">
          {t("referral.calculatorTitle")}
        </h2>
        <p className="mt-2 text-slate-600">{t("referral.calculatorIntro")}</p>
        <div className="mt-6">
          <RewardCalculator percent={config.commission_percent} examples={config.examples} choices={data.choices} initialQuotes={data.quotes} />
        </div>
      </section>

      <div className="mt-14 grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="payout-title">
          <h2 id="payout-title" className="text-2xl font-bold tracking-tight">
            {t("referral.payoutTitle")}
          </h2>
          <ul className="mt-6 space-y-3" data-testid="payout-methods">
            {config.payout_methods.map((m) => (
              <li key={m.key} className="rounded-xl border border-slate-200 bg-white p-4">
                <h3 className="font-semibold">{m.name}</h3>
                <p className="mt-1 text-sm text-slate-600">{m.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="terms-title">
          <h2 id="terms-title" className="text-2xl font-bold tracking-tight">
            {t("referral.termsTitle")}
          </h2>
          <ul className="mt-6 list-disc space-y-2 pl-6 text-slate-700">
            {texts.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </section>
      </div>

      <FaqList title={t("referral.faqTitle")} items={texts.faq} />

      <section
        aria-labelledby="referral-cta"
        className="mt-14 flex flex-col gap-6 rounded-2xl bg-indigo-700 p-6 text-white sm:p-8 md:flex-row md:items-center md:justify-between"
      >
        <div>
          <h2 id="referral-cta" className="text-2xl font-bold">
            {t("referral.ctaTitle")}
          </h2>
          <p className="mt-2 text-indigo-100">{t("referral.ctaText")}</p>
          <p className="mt-4 text-sm text-indigo-100">
            {t("referral.partnerHint")}{" "}
            <LocalizedLink to="/partner-plan" className="font-semibold text-white underline">
              {t("referral.partnerLink")}
            </LocalizedLink>
          </p>
        </div>
        <LocalizedLink to="/download" className="shrink-0 rounded-lg bg-white px-5 py-3 text-center font-semibold text-indigo-800 hover:bg-indigo-50">
          {t("referral.ctaButton")}
        </LocalizedLink>
      </section>
    </SectionPage>
  );
}
