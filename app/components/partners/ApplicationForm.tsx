import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { INTENT_FIELD, useFormAction, type FormOutcome } from "~/lib/form-outcome";
import { APPLICATION_FIELD_ORDER, APPLICATION_LIMITS, normalizeWebsite, type ApplicationFieldName } from "@contracts/partner-application-fields";
import { LocalizedLink } from "../LocalizedLink";
import type { Named } from "@contracts/partners";

/** The form's validation (zod), loaded when the visitor first enters the form, as the booking form's is (docs/decisions/0026). */
const loadApplicationRules = () => import("@contracts/partner-application-rules");

/** The application form's intent (app/lib/form-outcome.ts). */
export const APPLY = "partner-apply";

type TextField = "company" | "name" | "email" | "website" | "type" | "message";
type Errors = Partial<Record<ApplicationFieldName, string>>;
type MessageFor = (field: ApplicationFieldName, kind: "required" | "invalid" | "tooLong") => string;
const isApplicationField = (key: string): key is ApplicationFieldName => (APPLICATION_FIELD_ORDER as readonly string[]).includes(key);

const INPUT =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-500";

/** A refused application's problems beside their fields, in the form's own words. */
function errorsOf(outcome: FormOutcome<unknown> | null | undefined, messageFor: MessageFor): Errors {
  if (!outcome || outcome.ok) return {};
  const errors: Errors = {};
  for (const field of Object.keys(outcome.fieldErrors)) {
    if (isApplicationField(field)) errors[field] = messageFor(field, (outcome.values[field] ?? "").trim() === "" ? "required" : "invalid");
  }
  return errors;
}

/**
 * The partner application, posted to the page's action (POST /api/home/partner-apply's own
 * declaration, docs/decisions/0034), so it is sent before and without scripts too. With scripts it
 * is checked in the browser with the server's own rules first; the server's answer decides. Typed
 * values survive a refusal: in the fields with scripts, from the answer without them.
 */
export function ApplicationForm({ types, regions }: { types: Named[]; regions: Named[] }) {
  const { t } = useTranslation("growth");
  const { t: te } = useTranslation("errors");
  const { pathname } = useLocation();
  const apply = useFormAction<{ id: number; reference: string }>(APPLY);
  const refused = apply.outcome?.ok === false ? apply.outcome : null;
  const messageFor: MessageFor = (field, kind) => {
    if (kind === "tooLong") return t("partnerPlan.tooLong", { max: (APPLICATION_LIMITS as Record<string, number>)[field] ?? 0 });
    if (field === "regions") return t("partnerPlan.chooseRegion");
    if (kind === "required") return t("partnerPlan.required");
    if (field === "email") return t("partnerPlan.invalidEmail");
    if (field === "website") return t("partnerPlan.invalidUrl");
    return te("invalidValue");
  };
  const [errors, setErrors] = useState<Errors>(() => errorsOf(refused, messageFor));
  // The server's answer to a refused application, beside the button.
  const [refusal, setRefusal] = useState<string | null>(refused?.message ?? null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const refs = useRef<Partial<Record<ApplicationFieldName, HTMLElement | null>>>({});

  // The answer to an application sent with scripts: its problems beside their fields.
  const answer = apply.fetcher.data;
  useEffect(() => {
    if (!answer || answer.ok) return;
    const found = errorsOf(answer, messageFor);
    setErrors(found);
    const first = APPLICATION_FIELD_ORDER.find((field) => found[field]);
    if (first) refs.current[first]?.focus();
    setRefusal(answer.message);
    // messageFor is the page's own: only a new answer shows again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const clear = (field: ApplicationFieldName) => {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    // The scheme a visitor leaves out is added, in the field too (the action adds it without scripts).
    const websiteInput = formElement.elements.namedItem("website");
    if (websiteInput instanceof HTMLInputElement) websiteInput.value = normalizeWebsite(websiteInput.value);
    const form = new FormData(formElement, (event.nativeEvent as SubmitEvent).submitter);
    const get = (field: TextField) => String(form.get(field) ?? "");
    const values = {
      company: get("company"),
      name: get("name"),
      email: get("email"),
      website: get("website"),
      type: get("type"),
      message: get("message"),
      regions: form.getAll("regions").map(String),
    };
    const { firstApplicationProblem } = await loadApplicationRules();
    const found = firstApplicationProblem(values);
    if (found) {
      setErrors({ [found.field]: messageFor(found.field, found.kind) });
      setRefusal(null);
      refs.current[found.field]?.focus();
      return;
    }
    setErrors({});
    setRefusal(null);
    void apply.fetcher.submit(form, { method: "post", preventScrollReset: true });
  };

  const sent = apply.outcome?.ok === true && apply.outcome.data.reference !== dismissed ? apply.outcome : null;
  if (sent) {
    return (
      <div
        role="status"
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6"
        data-testid="application-sent"
        tabIndex={-1}
        ref={(el) => el?.focus()}
      >
        <h3 className="text-xl font-bold text-emerald-950">{t("partnerPlan.successTitle")}</h3>
        <p className="mt-2 text-emerald-900">{t("partnerPlan.successText", { reference: sent.data.reference, email: (sent.values?.email ?? "").trim() })}</p>
        {/* A fresh form: the page again without scripts, in place with them. */}
        <LocalizedLink
          to="/partner-plan#apply"
          className="mt-5 inline-block rounded-lg border border-emerald-300 bg-white px-4 py-2 text-sm font-semibold text-emerald-900 hover:bg-emerald-100"
          onClick={(event) => {
            event.preventDefault();
            setDismissed(sent.data.reference);
            setErrors({});
            setRefusal(null);
          }}
        >
          {t("partnerPlan.another")}
        </LocalizedLink>
      </div>
    );
  }

  const typed = (field: TextField) => refused?.values[field] ?? "";
  const chosenBefore = new Set(
    (refused?.values.regions ?? "")
      .split(/[\n,]/)
      .map((slug) => slug.trim())
      .filter(Boolean),
  );
  const errorId = (field: ApplicationFieldName) => (errors[field] ? `apply-error-${field}` : undefined);
  const fieldError = (field: ApplicationFieldName) =>
    errors[field] ? (
      <p id={`apply-error-${field}`} className="mt-1 text-sm font-medium text-red-700" data-testid={`apply-error-${field}`}>
        {errors[field]}
      </p>
    ) : null;
  const text = (
    field: "company" | "name" | "email" | "website",
    extra: { type?: string; autoComplete?: string; hint?: string; inputMode?: "email" | "url" },
  ) => (
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
        defaultValue={typed(field)}
        maxLength={APPLICATION_LIMITS[field]}
        required
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={[extra.hint ? `apply-${field}-hint` : "", errorId(field) ?? ""].filter(Boolean).join(" ") || undefined}
        onChange={() => clear(field)}
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
    // Without scripts the page comes back at the form (#apply), with its answer.
    <apply.fetcher.Form
      method="post"
      action={`${pathname}#apply`}
      onSubmit={(e) => void submit(e)}
      onFocus={() => void loadApplicationRules()}
      noValidate
      className="space-y-5"
      data-testid="application-form"
      preventScrollReset
    >
      <input type="hidden" name={INTENT_FIELD} value={APPLY} />
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
          defaultValue={typed("type")}
          required
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={errorId("type")}
          onChange={() => clear("type")}
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
                defaultChecked={chosenBefore.has(r.slug)}
                onChange={() => clear("regions")}
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
          defaultValue={typed("message")}
          maxLength={APPLICATION_LIMITS.message}
          required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={["apply-message-hint", errorId("message") ?? ""].filter(Boolean).join(" ")}
          onChange={() => clear("message")}
        />
        <p id="apply-message-hint" className="mt-1 text-xs text-slate-500">
          {t("partnerPlan.messageHint")}
        </p>
        {fieldError("message")}
      </div>
      <button
        type="submit"
        disabled={apply.busy}
        className="w-full rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        data-testid="application-submit"
      >
        {apply.busy ? t("partnerPlan.sending") : t("partnerPlan.submit")}
      </button>
      {refusal ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="application-error">
          {refusal}
        </p>
      ) : null}
    </apply.fetcher.Form>
  );
}
