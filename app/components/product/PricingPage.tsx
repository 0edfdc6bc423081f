import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useSearchParams } from "react-router";
import { isChinese } from "~/i18n/languages";
import { useLang } from "~/i18n/use-lang";
import { fetchQuote, type PlanKey, type Quote } from "~/lib/price-client";
import { LocalizedLink } from "../LocalizedLink";
import { SectionPage } from "../SectionPage";
import { useToast } from "../shell/Toaster";
import { formatNumber, formatPrice, shownMonthly } from "~/lib/format/format-number";
import { useEditsBeforeHydration } from "~/lib/edits-before-hydration";

interface Plan {
  key: PlanKey;
  custom: boolean;
  members_included: number;
  extra_member_monthly: number | null;
  tiers: { profiles: number; monthly: number }[];
}
interface Feature {
  key: string;
  group: string;
  group_name: string;
  name: string;
  plans: Record<PlanKey, boolean | string>;
}
export interface PricingData {
  catalogue: { yearly_discount_percent: number; storage_addon: { profiles: number; monthly: number }; plans: Plan[] };
  features: Feature[];
  texts: { plans: Record<PlanKey, { tagline: string }>; storage: { title: string; text: string }; faq: { question: string; answer: string }[] } | null;
  selection: { billing: "monthly" | "yearly"; members: number; plan: PlanKey | null; profiles: Partial<Record<PlanKey, number>> };
  quotes: Record<string, Quote>;
}

const TAGLINE_PLAN: Record<PlanKey, string> = { free: "Free", base: "Base", pro: "Pro", custom: "Custom" };

/** Extra team members asked for: a whole number from 0 to 100, the field's own bounds. */
const clampMembers = (raw: string) => Math.max(0, Math.min(100, Math.floor(Number(raw) || 0)));

export function PricingPage({ data }: { data: PricingData }) {
  const { t } = useTranslation("product");
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation("errors");
  const lang = useLang();
  const toast = useToast();
  const [, setSearchParams] = useSearchParams();
  const [billing, setBilling] = useState(data.selection.billing);
  const [members, setMembers] = useState(data.selection.members);
  const [profiles, setProfiles] = useState(data.selection.profiles);
  const [quotes, setQuotes] = useState(data.quotes);
  const [pending, setPending] = useState(false);
  const first = useRef(true);
  const choices = useRef<HTMLDivElement>(null);
  useEditsBeforeHydration(choices, (edits) => {
    for (const edit of edits) {
      if (edit.key === "members") setMembers(clampMembers(edit.value));
      else if (data.catalogue.plans.some((p) => p.key === edit.key)) setProfiles((p) => ({ ...p, [edit.key]: Number(edit.value) }));
    }
  });
  const discount = data.catalogue.yearly_discount_percent;
  const paid = data.catalogue.plans.filter((p) => !p.custom && p.tiers.some((tier) => tier.monthly > 0));
  const fromPrice = Math.min(...paid.flatMap((p) => p.tiers.map((tier) => tier.monthly)));

  // Every change is a request to the price endpoint, and the choice is written to the URL.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const params = new URLSearchParams();
    if (billing === "yearly") params.set("billing", "yearly");
    for (const p of paid) if (profiles[p.key] && profiles[p.key] !== p.tiers[0]!.profiles) params.set(p.key, String(profiles[p.key]));
    if (members) params.set("members", String(members));
    if (data.selection.plan) params.set("plan", data.selection.plan);
    setSearchParams(params, { replace: true, preventScrollReset: true });
    let cancelled = false;
    setPending(true);
    void Promise.all(
      data.catalogue.plans
        .filter((p) => !p.custom && p.tiers.length)
        .map(async (p) => {
          const result = await fetchQuote(
            {
              lang,
              plan: p.key,
              billing,
              profiles: String(profiles[p.key] ?? p.tiers[0]!.profiles),
              members: String(p.extra_member_monthly === null ? 0 : members),
            },
            te("internal"),
          );
          return [p.key, result] as const;
        }),
    ).then((results) => {
      if (cancelled) return;
      setPending(false);
      const next: Record<string, Quote> = {};
      for (const [key, result] of results) {
        if (result.ok) next[key] = result.data;
        else toast(t("pricing.priceError"), { type: "error" });
      }
      setQuotes((q) => ({ ...q, ...next }));
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [billing, members, profiles]);

  return (
    <SectionPage title={tc("pages.pricing.title")} intro={tc("pages.pricing.intro")}>
      <p className="mt-2 text-slate-600">{t("pricing.fromPrice", { price: formatPrice(fromPrice, lang) })}</p>
      {/* The choices a visitor may make before the page hydrates (app/lib/edits-before-hydration.ts). */}
      <div ref={choices}>
        <div className="mt-8 flex flex-wrap items-center gap-6">
          <div role="radiogroup" aria-label={t("pricing.billing")} className="inline-flex rounded-xl bg-slate-100 p-1" data-testid="billing-switch">
            {(["monthly", "yearly"] as const).map((b) => (
              <button
                key={b}
                type="button"
                role="radio"
                aria-checked={billing === b}
                onClick={() => setBilling(b)}
                className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 aria-checked:bg-white aria-checked:text-indigo-700 aria-checked:shadow"
              >
                {t(`pricing.${b}`)}
                {b === "yearly" ? (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800">
                    {/* Chinese states a discount as the share paid (20 % off is 8 折), as the spec's text does. */}
                    {t("pricing.yearlySave", { percent: isChinese(lang) ? (100 - discount) / 10 : discount })}
                  </span>
                ) : null}
              </button>
            ))}
          </div>
          <label className="flex items-center gap-2 text-sm font-medium">
            {t("pricing.members")}
            <input
              type="number"
              name="members"
              min={0}
              max={100}
              value={members}
              onChange={(e) => setMembers(clampMembers(e.target.value))}
              className="w-20 rounded-lg border border-slate-300 px-2 py-1.5"
              data-testid="members-input"
            />
          </label>
          <span className="text-sm text-slate-500" aria-live="polite">
            {pending ? t("pricing.calculating") : ""}
          </span>
        </div>

        <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {data.catalogue.plans.map((plan) => {
            const quote = quotes[plan.key];
            const highlighted = (data.selection.plan ?? "pro") === plan.key;
            return (
              <li
                key={plan.key}
                data-testid={`plan-${plan.key}`}
                data-track-expose={`plan-${plan.key}`}
                className={`flex flex-col rounded-2xl border bg-white p-6 ${highlighted ? "border-indigo-500 ring-1 ring-indigo-500" : "border-slate-200"}`}
              >
                <div className="flex items-center justify-between gap-2">
                  <h2 className="text-xl font-bold">{TAGLINE_PLAN[plan.key]}</h2>
                  {plan.key === "pro" ? (
                    <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-800">{t("pricing.popular")}</span>
                  ) : null}
                </div>
                <p className="mt-1 min-h-12 text-sm text-slate-600">{data.texts?.plans[plan.key].tagline}</p>
                {/* A fixed-height price block: nothing below it moves when a price changes. */}
                <div className="mt-4 h-20" data-testid={`price-${plan.key}`}>
                  {plan.custom ? (
                    <p className="text-2xl font-bold">{t("pricing.customPrice")}</p>
                  ) : quote ? (
                    <>
                      <p>
                        <span className="text-4xl font-bold tabular-nums" data-testid={`price-${plan.key}-monthly`}>
                          {formatPrice(shownMonthly(quote), lang)}
                        </span>
                        <span className="text-slate-500">{t("pricing.perMonth")}</span>
                      </p>
                      <p className="mt-1 text-sm text-slate-500" data-testid={`price-${plan.key}-billed`}>
                        {quote.unit_monthly === 0
                          ? t("pricing.free")
                          : quote.months === 12
                            ? t("pricing.billedYearly", { total: formatPrice(quote.total, lang) })
                            : t("pricing.billedMonthly")}
                      </p>
                    </>
                  ) : null}
                </div>
                {!plan.custom && plan.tiers.length > 1 ? (
                  <label className="mt-2 block text-sm font-medium">
                    {t("pricing.profiles")}
                    <select
                      name={plan.key}
                      value={profiles[plan.key] ?? plan.tiers[0]!.profiles}
                      onChange={(e) => setProfiles((p) => ({ ...p, [plan.key]: Number(e.target.value) }))}
                      className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
                      data-testid={`profiles-${plan.key}`}
                    >
                      {plan.tiers.map((tier) => (
                        <option key={tier.profiles} value={tier.profiles}>
                          {t("pricing.profilesCount", { count: formatNumber(tier.profiles, lang) as unknown as number })}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <p className="mt-2 text-sm font-medium">
                    {plan.custom
                      ? data.features.find((f) => f.key === "custom-profiles")?.name
                      : t("pricing.profilesCount", { count: formatNumber(plan.tiers[0]?.profiles ?? 0, lang) as unknown as number })}
                  </p>
                )}
                <ul className="mt-4 space-y-1 text-sm text-slate-700" data-testid={`plan-${plan.key}-features`}>
                  <li>✓ {t("pricing.membersIncluded")}</li>
                  {planHighlights(
                    data.features,
                    data.catalogue.plans.map((p) => p.key),
                    plan.key,
                  ).map((f) => (
                    <li key={f.key}>
                      ✓ {f.name}
                      {typeof f.plans[plan.key] === "string" ? <span className="text-slate-500"> ({f.plans[plan.key]})</span> : null}
                    </li>
                  ))}
                  <li className="text-slate-500">
                    {plan.extra_member_monthly === null
                      ? t("pricing.noExtraMembers")
                      : t("pricing.extraMemberPrice", { price: formatPrice(plan.extra_member_monthly, lang) })}
                  </li>
                </ul>
                <div className="mt-auto pt-6">
                  <LocalizedLink
                    to={plan.custom ? "/pre-sales" : "/download"}
                    className={`block rounded-lg px-4 py-2.5 text-center font-semibold ${highlighted ? "bg-indigo-600 text-white hover:bg-indigo-700" : "border border-slate-300 hover:border-indigo-400"}`}
                  >
                    {plan.custom ? t("pricing.contactSales") : plan.key === "free" ? t("pricing.chooseFree") : t("pricing.choose")}
                  </LocalizedLink>
                </div>
              </li>
            );
          })}
        </ul>
      </div>

      {data.texts ? (
        <aside className="mt-8 flex flex-col gap-3 rounded-2xl bg-slate-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-bold">{data.texts.storage.title}</h2>
            <p className="mt-1 text-slate-300">{data.texts.storage.text}</p>
          </div>
          <LocalizedLink to="/pre-sales" className="shrink-0 rounded-lg bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100">
            {t("pricing.storageCta")}
          </LocalizedLink>
        </aside>
      ) : null}

      <section aria-labelledby="compare" className="mt-14">
        <h2 id="compare" className="text-2xl font-bold">
          {t("pricing.compare")}
        </h2>
        {/* The scroll box is the screen-reader labels' containing block (relative), so they scroll and
            clip with the table instead of widening the page; focusable, so keys can scroll it. */}
        <div
          className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          role="group"
          aria-labelledby="compare"
          // A scrolling region must be reachable by keyboard (WCAG 2.1.1; axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          data-testid="feature-table-scroll"
        >
          <table className="w-full min-w-[40rem] border-collapse text-sm" data-testid="feature-table">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-4 py-3 text-left">
                  {t("pricing.feature")}
                </th>
                {data.catalogue.plans.map((p) => (
                  <th key={p.key} scope="col" className="px-4 py-3 text-center">
                    {TAGLINE_PLAN[p.key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.features.map((f, i) => (
                <FeatureRow
                  key={f.key}
                  feature={f}
                  groupStart={i === 0 || data.features[i - 1]!.group !== f.group}
                  plans={data.catalogue.plans.map((p) => p.key)}
                />
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {data.texts?.faq.length ? (
        <section aria-labelledby="pricing-faq" className="mt-14 max-w-3xl">
          <h2 id="pricing-faq" className="text-2xl font-bold">
            {t("pricing.faqTitle")}
          </h2>
          <dl className="mt-4 space-y-5">
            {data.texts.faq.map((q) => (
              <div key={q.question}>
                <dt className="font-semibold">{q.question}</dt>
                <dd className="mt-1 text-slate-700">{q.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </SectionPage>
  );
}

/**
 * What a card lists: for the first plan its core features, for each next plan what it adds over
 * the plan before (spec sections 6 and 9: "Base adds…, Pro adds…").
 */
function planHighlights(features: Feature[], order: PlanKey[], plan: PlanKey): Feature[] {
  const index = order.indexOf(plan);
  const has = (f: Feature, p: PlanKey) => f.plans[p] !== false;
  if (index === 0) return features.filter((f) => f.group === "core" && has(f, plan)).slice(0, 6);
  const before = order[index - 1]!;
  return features.filter((f) => has(f, plan) && (!has(f, before) || (typeof f.plans[plan] === "string" && f.plans[plan] !== f.plans[before])));
}

function FeatureRow({ feature, groupStart, plans }: { feature: Feature; groupStart: boolean; plans: PlanKey[] }) {
  const { t } = useTranslation("product");
  return (
    <>
      {groupStart ? (
        <tr className="bg-slate-50/60">
          <th colSpan={plans.length + 1} scope="colgroup" className="px-4 pb-1 pt-4 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            {feature.group_name}
          </th>
        </tr>
      ) : null}
      <tr className="border-t border-slate-100">
        <th scope="row" className="px-4 py-2.5 text-left font-medium">
          {feature.name}
        </th>
        {plans.map((p) => {
          const v = feature.plans[p];
          return (
            <td key={p} className="px-4 py-2.5 text-center">
              {v === true ? (
                <>
                  <span className="font-bold text-emerald-600" aria-hidden="true">
                    ✓
                  </span>
                  <span className="sr-only">{t("pricing.yes")}</span>
                </>
              ) : v === false ? (
                <>
                  <span className="text-slate-300" aria-hidden="true">
                    —
                  </span>
                  <span className="sr-only">{t("pricing.no")}</span>
                </>
              ) : (
                <span className="text-slate-700">{v}</span>
              )}
            </td>
          );
        })}
      </tr>
    </>
  );
}
