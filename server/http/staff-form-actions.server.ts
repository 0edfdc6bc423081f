/**
 * What the staff area's route actions share over endpointAction (server/http/form-actions.server.ts):
 * the staff member's language, reading a page's form once to choose what to run, and the new
 * password typed twice that only the page asks for.
 */
import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { adminLangOf, type AdminLang } from "~/components/admin/admin-lang";
import { adminTranslator } from "~/components/admin/admin-words";
import type { Endpoint } from "../api/endpoint.server";
import { ApiError } from "../api/envelope.server";
import { ADMIN_LOCALES } from "../i18n/admin-words.server";
import { endpointAction, intentOf, readForm, refusal, type EndpointActionOptions } from "./form-actions.server";
import { inboxApplicationStatus, inboxMessageStatus } from "../api/endpoints/admin-inbox.server";
import { inboxActionFor } from "~/components/admin/inbox/inbox-forms";
import { DIGITS } from "@contracts/address-numbers";

type ActionArgs = { request: Request; context: AppLoadContext };

/** A staff form's errors are written in the staff member's language (the `admin_lang` cookie). */
export function staffFormLang(request: Request): AdminLang {
  return adminLangOf(request.headers.get("cookie"));
}

/** The posted form, read once (a page with several forms chooses by its intent), or the refusal of one that cannot be read. */
export async function postedForm(request: Request, lang: AdminLang): Promise<{ form: FormData; intent: string } | { refused: ReturnType<typeof refusal> }> {
  try {
    const form = await readForm(request);
    return { form, intent: intentOf(form) };
  } catch (error) {
    if (error instanceof ApiError) return { refused: refusal(error, lang) };
    throw error;
  }
}

/** One of a staff page's forms, as its action runs it (made by staffForm). */
export type StaffForm = (args: ActionArgs, lang: AdminLang, form: FormData) => Promise<unknown>;

/** A staff form that runs an endpoint, with what the page adds to the posted fields (endpointAction's `fields`). */
export function staffForm<I extends z.ZodObject, O extends z.ZodType>(endpoint: Endpoint<I, O>, fields?: EndpointActionOptions["fields"]): StaffForm {
  return (args, lang, form) => endpointAction(endpoint, args, { lang, form, fields });
}

/**
 * A staff page's action: the posted form's intent names which of the page's forms it is, and that
 * form's endpoint runs (an intent the page does not have is a 400: no form of the page sent it).
 */
export async function staffFormsAction(args: ActionArgs, forms: Record<string, StaffForm>): Promise<unknown> {
  const lang = staffFormLang(args.request);
  const posted = await postedForm(args.request, lang);
  if ("refused" in posted) return posted.refused;
  const run = Object.hasOwn(forms, posted.intent) ? forms[posted.intent] : undefined;
  if (!run) throw data(null, { status: 400 });
  return run(args, lang, posted.form);
}

/**
 * A form field that carries structured values a grid of inputs edits (the weekly schedule's
 * periods) as JSON text: what it parses to, for the endpoint's schema to judge, or the text itself
 * when it is not JSON (which that schema refuses as it would any other wrong value).
 */
export function jsonField(form: FormData, name: string): unknown {
  const text = form.get(name);
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A whole number as a JSON number for an endpoint that takes only that (audit restore's id): digits become the number, anything else stays text for the schema to refuse. */
export function numberField(form: FormData, name: string): unknown {
  const text = form.get(name);
  return typeof text === "string" && DIGITS.test(text) ? Number(text) : (text ?? undefined);
}

/** Password fields: never sent back to the page in a refusal's values. */
export const PASSWORD_FIELDS = ["password", "current", "repeat"] as const;

/**
 * A form that sets a new password (`password`, typed again in `repeat`; with `current` when the
 * old one is asked for): the page's own checks, then the endpoint, which takes the password once.
 */
export async function newPasswordAction<I extends z.ZodObject, O extends z.ZodType>(
  endpoint: Endpoint<I, O>,
  args: ActionArgs,
  options: { lang: AdminLang; fields?: Record<string, unknown>; form?: FormData },
) {
  const { lang } = options;
  let form = options.form;
  if (!form) {
    const posted = await postedForm(args.request, lang);
    if ("refused" in posted) return posted.refused;
    form = posted.form;
  }
  const changing = form.has("current");
  const { t } = adminTranslator(lang, ADMIN_LOCALES[lang], "account", changing ? "changePassword" : "setPassword");
  const password = form.get("password");
  const pageCheck: Record<string, string> | undefined =
    changing && typeof password === "string" && password !== "" && form.get("current") === password
      ? { password: t("same") }
      : form.get("repeat") !== password
        ? { repeat: t("mismatch") }
        : undefined;
  if (pageCheck) return refusal(new ApiError("invalidValue"), lang, { intent: intentOf(form), fieldErrors: pageCheck });
  return endpointAction(endpoint, args, { ...options, form, secret: PASSWORD_FIELDS });
}

/** "Mark handled / new" (InboxStatusForm) on the inbox list and a record's page: the endpoint of the record's kind, named by the form's intent. */
export async function inboxStatusAction(args: { request: Request; context: AppLoadContext }) {
  const lang = staffFormLang(args.request);
  const posted = await postedForm(args.request, lang);
  if ("refused" in posted) return posted.refused;
  const kind = inboxActionFor(posted.intent, posted.form);
  if (kind === "message") return endpointAction(inboxMessageStatus, args, { lang, form: posted.form });
  if (kind === "application") return endpointAction(inboxApplicationStatus, args, { lang, form: posted.form });
  throw data(null, { status: 400 });
}
