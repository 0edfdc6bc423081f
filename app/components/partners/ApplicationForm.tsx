import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { postJson } from "~/lib/api-client";
import { APPLICATION_LIMITS, normalizeWebsite, type ApplicationFieldName } from "@contracts/partner-application-fields";
import { useToast } from "../shell/Toaster";
import type { Named } from "@contracts/partners";
import { useHydrated } from "~/hooks/use-hydrated";
import { useEditsBeforeHydration } from "~/lib/edits-before-hydration";
import { whenIdle } from "~/lib/when-idle";

/** The form's validation (zod), loaded once the page is idle, as the booking form's is (docs/decisions/0026). */
const loadApplicationRules = () => import("@contracts/partner-application-rules");

const EMPTY = { company: "", name: "", email: "", website: "", type: "", message: "" };
type TextField = keyof typeof EMPTY;
const isTextField = (key: string): key is TextField => Object.hasOwn(EMPTY, key);

const INPUT =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-500";

/**
 * The partner application (POST /api/home/partner-apply): checked in the browser with the
 * server's own rules first, then sent; the server's answer decides. Typed values survive a failure.
 */
export function ApplicationForm({ types, regions }: { types: Named[]; regions: Named[] }) {
  const { t } = useTranslation("growth");
  const { t: te } = useTranslation("errors");
  const lang = useLang();
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<{ field: ApplicationFieldName; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  useEffect(() => whenIdle(() => void loadApplicationRules()), []);
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const refs = useRef<Partial<Record<ApplicationFieldName, HTMLElement | null>>>({});
  const form = useRef<HTMLFormElement>(null);
  useEditsBeforeHydration(form, (edits) => {
    for (const edit of edits) {
      if (edit.key === "regions") setChosen((c) => (edit.checked ? [...c, edit.value] : c.filter((slug) => slug !== edit.value)));
      else if (isTextField(edit.key)) setValues((v) => ({ ...v, [edit.key]: edit.value }));
    }
  });

  const messageFor = (field: ApplicationFieldName, kind: "required" | "invalid" | "tooLong") => {
    if (kind === "tooLong") return t("partnerPlan.tooLong", { max: (APPLICATION_LIMITS as Record<string, number>)[field] ?? 0 });
    if (field === "regions") return t("partnerPlan.chooseRegion");
    if (kind === "required") return t("partnerPlan.required");
    if (field === "email") return t("partnerPlan.invalidEmail");
    if (field === "website") return t("partnerPlan.invalidUrl");
    return te("invalidValue");
  };
  const set = (field: TextField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };
  const toggleRegion = (slug: string) => {
    setChosen((c) => (c.includes(slug) ? c.filter((s) => s !== slug) : [...c, slug]));
    if (problem?.field === "regions") setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const website = normalizeWebsite(values.website);
    if (website !== values.website) setValues((v) => ({ ...v, website }));
    const payload = { ...values, website, regions: chosen };
    const { firstApplicationProblem } = await loadApplicationRules();
    const found = firstApplicationProblem(payload);
    if (found) {
      setProblem({ field: found.field, message: messageFor(found.field, found.kind) });
      refs.current[found.field]?.focus();
      return;
    }
    setProblem(null);
    setSending(true);
    const result = await postJson<{ id: number; reference: string }>("/api/home/partner-apply", { lang, ...payload }, te("internal"));
    setSending(false);
    if (result.ok) {
      setSent({ reference: result.data.reference, email: payload.email.trim() });
      return;
    }
    const field = result.field as ApplicationFieldName | undefined;
    if (field && field in refs.current) {
      setProblem({ field, message: result.code === 10100 || result.code === 10101 ? messageFor(field, result.code === 10100 ? "required" : "invalid") : result.message });
      refs.current[field]?.focus();
    }
    toast(result.message, { type: "error" });
  };

  if (sent) {
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6" data-testid="application-sent" tabIndex={-1} ref={(el) => el?.focus()}>
        <h3 className="text-xl font-bold text-emerald-950">{t("partnerPlan.successTitle")}</h3>
        <p className="mt-2 text-emerald-900">{t("partnerPlan.successText", { reference: sent.reference, email: sent.email })}</p>
        <button
          type="button"
          className="mt-5 rounded-lg border border-emerald-300 bg-white px-4 py-2 text-sm font-semibold text-emerald-900 hover:bg-emerald-100"
          onClick={() => {
            setSent(null);
            setValues(EMPTY);
            setChosen([]);
          }}
        >
          {t("partnerPlan.another")}
        </button>
      </div>
    );
  }

  const errorId = (field: ApplicationFieldName) => (problem?.field === field ? `apply-error-${field}` : undefined);
  const fieldError = (field: ApplicationFieldName) =>
    problem?.field === field ? (
      <p id={`apply-error-${field}`} className="mt-1 text-sm font-medium text-red-700" data-testid={`apply-error-${field}`}>
        {problem.message}
      </p>
    ) : null;
  const text = (field: "company" | "name" | "email" | "website", extra: { type?: string; autoComplete?: string; hint?: string; inputMode?: "email" | "url" }) => (
    <div>
      <label htmlFor={`apply-${field}`} className="font-medium">
        {t(`partnerPlan.${field}`)}
      </label>
      <input
        id={`apply-${field}`}
        name={field}
        ref={(el) => void (refs.current[field] = el)}
        className={INPUT}
        type={extra.type ?? "text"}
        inputMode={extra.inputMode}
        autoComplete={extra.autoComplete}
        value={values[field]}
        maxLength={APPLICATION_LIMITS[field]}
        required
        aria-invalid={problem?.field === field}
        aria-describedby={[extra.hint ? `apply-${field}-hint` : "", errorId(field) ?? ""].filter(Boolean).join(" ") || undefined}
        onChange={(e) => set(field)(e.target.value)}
      />
      {extra.hint ? (
        <p id={`apply-${field}-hint`} className="mt-1 text-xs text-slate-500">
          {extra.hint}
        </p>
      ) : null}
      {fieldError(field)}
    </div>
  );

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate className="space-y-5" data-testid="application-form">
      <div className="grid gap-5 sm:grid-cols-2">
        {text("company", { autoComplete: "organization" })}
        {text("name", { autoComplete: "name" })}
        {text("email", { type: "email", inputMode: "email", autoComplete: "email" })}
        {text("website", { type: "url", inputMode: "url", autoComplete: "url", hint: t("partnerPlan.websiteHint") })}
      </div>
      <div>
        <label htmlFor="apply-type" className="font-medium">
          {t("partnerPlan.type")}
        </label>
        <select
          id="apply-type"
          name="type"
          ref={(el) => void (refs.current.type = el)}
          className={INPUT}
          value={values.type}
          required
          aria-invalid={problem?.field === "type"}
          aria-describedby={errorId("type")}
          onChange={(e) => set("type")(e.target.value)}
        >
          <option value="">{t("partnerPlan.chooseType")}</option>
          {types.map((ty) => (
            <option key={ty.slug} value={ty.slug}>
              {ty.name}
            </option>
          ))}
        </select>
        {fieldError("type")}
      </div>
      <fieldset aria-describedby={["apply-regions-hint", errorId("regions") ?? ""].filter(Boolean).join(" ")}>
        <legend className="font-medium">{t("partnerPlan.regions")}</legend>
        <p id="apply-regions-hint" className="text-xs text-slate-500">
          {t("partnerPlan.regionsHint")}
        </p>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="apply-regions">
          {regions.map((r, i) => (
            <label
              key={r.slug}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-300"
            >
              <input
                type="checkbox"
                name="regions"
                value={r.slug}
                checked={chosen.includes(r.slug)}
                onChange={() => toggleRegion(r.slug)}
                ref={i === 0 ? (el) => void (refs.current.regions = el) : undefined}
                className="accent-indigo-600"
              />
              {r.name}
            </label>
          ))}
        </div>
        {fieldError("regions")}
      </fieldset>
      <div>
        <label htmlFor="apply-message" className="font-medium">
          {t("partnerPlan.message")}
        </label>
        <textarea
          id="apply-message"
          name="message"
          ref={(el) => void (refs.current.message = el)}
          className={`${INPUT} min-h-32`}
          value={values.message}
          maxLength={APPLICATION_LIMITS.message}
          required
          aria-invalid={problem?.field === "message"}
          aria-describedby={["apply-message-hint", errorId("message") ?? ""].filter(Boolean).join(" ")}
          onChange={(e) => set("message")(e.target.value)}
        />
        <p id="apply-message-hint" className="mt-1 text-xs text-slate-500">
          {t("partnerPlan.messageHint")}
        </p>
        {fieldError("message")}
      </div>
      <button
        type="submit"
        disabled={sending || !hydrated}
        className="w-full rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        data-testid="application-submit"
      >
        {sending ? t("partnerPlan.sending") : t("partnerPlan.submit")}
      </button>
    </form>
  );
}
