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
import { endpointAction, intentOf, readForm, refusal } from "./form-actions.server";
import { inboxApplicationStatus, inboxMessageStatus } from "../api/endpoints/admin-inbox.server";
import { inboxActionFor } from "~/components/admin/inbox/inbox-forms";

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
