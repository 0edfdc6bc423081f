import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { fetchQuote, type Billing, type Quote } from "~/lib/price-client";
import { formatPrice } from "~/lib/format/format-number";
import { useEditsBeforeHydration } from "~/lib/edits-before-hydration";
import { clampCount, commission, MAX_REFERRALS, MAX_ROWS, quoteKey, type MixRow } from "./commission";

export interface CalculatorProps {
  percent: number;
  examples: { plan: "free" | "base" | "pro" | "custom"; profiles: number; billing: Billing }[];
  /** Profile counts the calculator offers per plan (those of the examples). */
  choices: Partial<Record<"base" | "pro", number[]>>;
  /** The examples' prices from the catalogue, so the first render already shows a figure. */
  initialQuotes: Record<string, Quote>;
}

const PLAN_NAMES = { base: "Base", pro: "Pro" } as const;
const FIELD =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200";

/**
 * The reward calculator (spec sections 4 and 9): an example or the visitor's own mix of
 * subscriptions, referrals per month, and the commission per month and per year. Every price
 * comes from the price endpoint (the pricing page's catalogue); nothing is priced here.
 */
export function RewardCalculator({ percent, examples, choices, initialQuotes }: CalculatorProps) {
  const { t } = useTranslation("growth");
  const { t: tp } = useTranslation("product");
  const { t: te } = useTranslation("errors");
  const lang = useLang();
  const id = useId();
  const offered = examples.filter((e): e is Omit<MixRow, "count"> => e.plan === "base" || e.plan === "pro");
  const [mode, setMode] = useState<"examples" | "custom">("examples");
  const [example, setExample] = useState(0);
  const [exampleCount, setExampleCount] = useState(5);
  const [rows, setRows] = useState<MixRow[]>(() => offered.slice(0, 2).map((e) => ({ plan: e.plan, profiles: e.profiles, billing: e.billing, count: 3 })));
  const [quotes, setQuotes] = useState<Record<string, Quote>>(initialQuotes);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Before hydration only the examples' controls are there: the custom mix is a tab away.
  const root = useRef<HTMLDivElement>(null);
  useEditsBeforeHydration(root, (edits) => {
    for (const edit of edits) {
      if (edit.key === `${id}-example`) setExample(Number(edit.value));
      else if (edit.key === `${id}-count`) setExampleCount(clampCount(edit.value));
    }
  });

  const active: MixRow[] = mode === "examples" && offered[example] ? [{ ...offered[example]!, count: exampleCount }] : mode === "custom" ? rows : [];
  const missing = [...new Set(active.map(quoteKey))].filter((k) => !quotes[k]);

  // Prices the calculator does not know yet are asked of the price endpoint.
  useEffect(() => {
    if (missing.length === 0) return;
    let cancelled = false;
    setFailed(false);
    void Promise.all(
      missing.map(async (key) => {
        const [plan, profiles, billing] = key.split("-") as [string, string, string];
        return [key, await fetchQuote({ lang, plan, profiles, billing, members: "0" }, te("internal"))] as const;
      }),
    ).then((results) => {
      if (cancelled) return;
      const found: Record<string, Quote> = {};
      for (const [key, result] of results) if (result.ok) found[key] = result.data;
      if (results.some(([, r]) => !r.ok)) setFailed(true);
      setQuotes((q) => ({ ...q, ...found }));
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing.join(","), attempt]);

  const result = commission(active, quotes, percent);
  const label = (row: Pick<MixRow, "plan" | "profiles" | "billing">) =>
    t("referral.exampleLabel", { plan: PLAN_NAMES[row.plan], profiles: row.profiles, billing: tp(`pricing.${row.billing}`) });
  const updateRow = (index: number, change: Partial<MixRow>) =>
    setRows((all) =>
      all.map((row, i) => {
        if (i !== index) return row;
        const next = { ...row, ...change };
        // A plan change keeps the profile count only if the new plan offers it.
        const counts = choices[next.plan] ?? [];
        if (!counts.includes(next.profiles)) next.profiles = counts[0] ?? next.profiles;
        return next;
      }),
    );

  const tab = (value: "examples" | "custom", text: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-tab-${value}`}
      aria-selected={mode === value}
      aria-controls={`${id}-panel`}
      tabIndex={mode === value ? 0 : -1}
      onClick={() => setMode(value)}
      onKeyDown={(e) => {
        if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
          const other = value === "examples" ? "custom" : "examples";
          setMode(other);
          document.getElementById(`${id}-tab-${other}`)?.focus();
        }
      }}
      className={`rounded-lg px-4 py-2 text-sm font-semibold ${mode === value ? "bg-white text-indigo-800 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
      data-testid={`calculator-tab-${value}`}
    >
      {text}
    </button>
  );

  return (
    <div ref={root} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" data-testid="calculator">
      <div className="min-w-0">
        <div role="tablist" aria-label={t("referral.calculatorTitle")} className="inline-flex rounded-xl bg-slate-100 p-1">
          {tab("examples", t("referral.examples"))}
          {tab("custom", t("referral.custom"))}
        </div>
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${mode}`} className="mt-5">
          {mode === "examples" ? (
            <div className="space-y-5">
              <fieldset>
                <legend className="sr-only">{t("referral.examples")}</legend>
                <div className="grid gap-2 sm:grid-cols-2" data-testid="calculator-examples">
                  {offered.map((e, i) => {
                    const quote = quotes[quoteKey(e)];
                    return (
                      <label
                        key={quoteKey(e)}
                        className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-300 px-3 py-2.5 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-300"
                      >
                        <span className="flex items-center gap-2">
                          <input
                            type="radio"
                            name={`${id}-example`}
                            value={i}
                            checked={example === i}
                            onChange={() => setExample(i)}
                            className="accent-indigo-600"
                          />
                          <span className="text-sm font-medium">{label(e)}</span>
                        </span>
                        <span className="text-sm tabular-nums text-slate-600">{quote ? formatPrice(quote.total, lang) : "…"}</span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
              <div className="max-w-xs">
                <label htmlFor={`${id}-count`} className="font-medium">
                  {t("referral.referrals")}
                </label>
                <input
                  id={`${id}-count`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_REFERRALS}
                  step={1}
                  value={exampleCount}
                  onChange={(e) => setExampleCount(clampCount(e.target.value))}
                  className={`${FIELD} tabular-nums`}
                  data-testid="calculator-count"
                />
              </div>
            </div>
          ) : (
            <div className="space-y-3">
              <ul className="space-y-3" data-testid="calculator-rows">
                {rows.map((row, i) => (
                  <li
                    key={i}
                    className="grid grid-cols-2 items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_1fr_1fr_1fr_auto]"
                    data-testid="calculator-row"
                  >
                    <div>
                      <label htmlFor={`${id}-plan-${i}`} className="text-sm font-medium">
                        {t("referral.plan")}
                      </label>
                      <select
                        id={`${id}-plan-${i}`}
                        value={row.plan}
                        onChange={(e) => updateRow(i, { plan: e.target.value as "base" | "pro" })}
                        className={FIELD}
                        data-testid="row-plan"
                      >
                        {(Object.keys(choices) as ("base" | "pro")[]).map((p) => (
                          <option key={p} value={p}>
                            {PLAN_NAMES[p]}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div>
                      <label htmlFor={`${id}-profiles-${i}`} className="text-sm font-medium">
                        {t("referral.profiles")}
                      </label>
                      <select
                        id={`${id}-profiles-${i}`}
                        value={row.profiles}
                        onChange={(e) => updateRow(i, { profiles: Number(e.target.value) })}
                        className={FIELD}
                        data-testid="row-profiles"
                      >
                        {(choices[row.plan] ?? []).map((n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div>
                      <label htmlFor={`${id}-billing-${i}`} className="text-sm font-medium">
                        {t("referral.billing")}
                      </label>
                      <select
                        id={`${id}-billing-${i}`}
                        value={row.billing}
                        onChange={(e) => updateRow(i, { billing: e.target.value as Billing })}
                        className={FIELD}
                        data-testid="row-billing"
                      >
                        <option value="yearly">{tp("pricing.yearly")}</option>
                        <option value="monthly">{tp("pricing.monthly")}</option>
                      </select>
                    </div>
                    <div>
                      <label htmlFor={`${id}-rcount-${i}`} className="text-sm font-medium">
                        {t("referral.referrals")}
                      </label>
                      <input
                        id={`${id}-rcount-${i}`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={MAX_REFERRALS}
                        value={row.count}
                        onChange={(e) => updateRow(i, { count: clampCount(e.target.value) })}
                        className={`${FIELD} tabular-nums`}
                        data-testid="row-count"
                      />
                    </div>
                    <button
                      type="button"
                      onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                      disabled={rows.length === 1}
                      aria-label={`${t("referral.removeRow")}: ${label(row)}`}
                      className="col-span-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-600 hover:border-red-400 hover:text-red-700 disabled:opacity-40 sm:col-span-1"
                    >
                      <span className="sm:hidden" aria-hidden="true">
                        {t("referral.removeRow")}
                      </span>
                      <span className="hidden sm:inline" aria-hidden="true">
                        ✕
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              {rows.length < MAX_ROWS ? (
                <button
                  type="button"
                  onClick={() => setRows((all) => [...all, { ...(offered[0] ?? { plan: "base", profiles: 100, billing: "yearly" }), count: 1 }])}
                  className="rounded-lg border border-dashed border-indigo-300 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
                  data-testid="calculator-add"
                >
                  + {t("referral.addRow")}
                </button>
              ) : null}
            </div>
          )}
        </div>
      </div>

      <div className="rounded-2xl bg-indigo-700 p-6 text-white lg:self-start" aria-live="polite" data-testid="calculator-result">
        <p className="text-sm font-medium text-indigo-100">{t("referral.perMonth")}</p>
        <p className="mt-1 text-4xl font-bold tabular-nums" data-testid="commission-month">
          {result ? formatPrice(result.perMonth, lang) : "…"}
        </p>
        <p className="mt-5 text-sm font-medium text-indigo-100">{t("referral.perYear")}</p>
        <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="commission-year">
          {result ? formatPrice(result.perYear, lang) : "…"}
        </p>
        {failed ? (
          <p role="alert" className="mt-4 rounded-lg bg-white/10 p-3 text-sm">
            {t("referral.priceError")}{" "}
            <button type="button" className="font-semibold underline" onClick={() => setAttempt((a) => a + 1)}>
              {t("referral.retry")}
            </button>
          </p>
        ) : !result ? (
          <p className="mt-4 text-sm text-indigo-100">{t("referral.updating")}</p>
        ) : null}
        <p className="mt-5 border-t border-indigo-500 pt-4 text-xs leading-relaxed text-indigo-100">{t("referral.formula", { percent })}</p>
      </div>
    </div>
  );
}
