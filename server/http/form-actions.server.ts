/**
 * Route actions for the site's forms (docs/decisions/0034): a `<Form method="post">` posts to its
 * page, and the page's action runs the same API endpoint declaration (schema, domain service,
 * abuse limit) that `/api` runs for other clients. One validation schema, one set of errors.
 *
 * What the API router does around a handler is done here for a form: the cross-site guard has
 * already run (server/app.server.ts guards every write that is not /api), the staff session and
 * its CSRF token are checked for staff endpoints, and the outcome is the page's action data
 * instead of the JSON envelope: the values typed (so a refused form keeps them), each field's
 * error in the page's language, and the error's HTTP status.
 */
import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { API_ERRORS, type ApiErrorKey } from "@contracts/api-errors";
import { INTENT_FIELD, type FormOutcome, type FormRefusal, type FormSuccess, CSRF_FIELD } from "~/lib/form-outcome";
import type { LangKey } from "~/i18n/languages";
import type { StaffIdentity } from "@contracts/staff-access";
import type { Endpoint } from "../api/endpoint.server";
import { validate } from "../api/endpoint.server";
import { ApiError } from "../api/envelope.server";
import { translate } from "../i18n/messages.server";
import { AbuseLimitExceeded } from "../infrastructure/abuse-limits.server";
import { requireStaffSession } from "./staff-session.server";

export { CSRF_FIELD };

/** A form post larger than this is refused before it is read: no form of the site comes near it. */
const MAX_FORM_BYTES = 256 * 1024;

export type { FormOutcome, FormRefusal, FormSuccess };

interface ActionArgs {
  request: Request;
  context: AppLoadContext;
}

export interface EndpointActionOptions {
  /** The page's language: the endpoint's `lang` and the language of every message. */
  lang: LangKey;
  /**
   * Fields the page sets itself (the article id from the address), over anything posted; or a
   * function of the posted form that gives them (a key derived from what was sent, a value put in
   * the form the endpoint wants).
   */
  fields?: Record<string, unknown> | ((form: FormData) => Record<string, unknown>);
  /** Form fields already read (when the action read the form to choose what to run). */
  form?: FormData;
  /**
   * Posted fields a success shows again (`values` of the outcome): "we will reply to <contact>"
   * on a page that came back from a post without scripts. Only those named; never secrets.
   */
  echo?: readonly string[];
  /** Fields never sent back in `values` (passwords): a refused form asks for them again. */
  secret?: readonly string[];
}

/** Which of the page's forms was posted (its `intent` field), "" if it did not say. */
export function intentOf(form: FormData): string {
  const intent = form.get(INTENT_FIELD);
  return typeof intent === "string" ? intent : "";
}

/** A posted form as the plain object an endpoint validates: text fields only, repeated names as lists. */
export function formFields(form: FormData): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    const seen = fields[name];
    fields[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return fields;
}

/** Reads the posted form, refusing one too large to be any of the site's forms. */
export async function readForm(request: Request): Promise<FormData> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_FORM_BYTES) throw new ApiError("bodyTooLarge");
  try {
    return await request.formData();
  } catch {
    throw new ApiError("malformedBody");
  }
}

/** Every invalid field at once (the API answers the first only): a form shows each beside its field. */
function fieldProblems(schema: z.ZodObject, source: Record<string, unknown>): Array<[field: string, key: ApiErrorKey]> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return [];
  const problems = new Map<string, ApiErrorKey>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "";
    if (!field || problems.has(field)) continue;
    const value = source[field];
    const empty = value === undefined || (typeof value === "string" && value.trim() === "");
    problems.set(field, empty ? "fieldRequired" : "invalidValue");
  }
  return [...problems];
}

function shownValues(fields: Record<string, string | string[]>, secret: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === CSRF_FIELD || name === INTENT_FIELD || secret.includes(name)) continue;
    values[name] = Array.isArray(value) ? value.join("\n") : value;
  }
  return values;
}

/** The page's answer to a refused form: its status, and Retry-After when the abuse limit said when. */
export function refusal(
  error: ApiError | AbuseLimitExceeded,
  lang: LangKey,
  extra: { intent?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } = {},
) {
  const key = error instanceof ApiError ? error.key : error.error;
  const { code, status } = API_ERRORS[key];
  const outcome: FormRefusal = {
    ok: false,
    intent: extra.intent ?? "",
    code,
    key,
    message: translate(lang, "errors", key),
    fieldErrors: { ...(error instanceof ApiError && error.field ? { [error.field]: translate(lang, "errors", key) } : {}), ...extra.fieldErrors },
    values: extra.values ?? {},
  };
  if (error instanceof ApiError && error.detail) outcome.detail = error.detail;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (error instanceof AbuseLimitExceeded) headers["Retry-After"] = String(error.retryAfterSeconds);
  return data<FormOutcome<never>>(outcome, { status, headers });
}

/**
 * Runs an API endpoint for a posted form and answers the page's action data: `{ ok: true, data }`
 * with the endpoint's own answer, or a FormRefusal with the endpoint's error status. A database
 * that does not answer is thrown on, to the page's 503 like every other (never a refusal).
 */
export async function endpointAction<I extends z.ZodObject, O extends z.ZodType>(endpoint: Endpoint<I, O>, args: ActionArgs, options: EndpointActionOptions) {
  const { lang } = options;
  const { http } = args.context;
  if (!http) throw new Error("A route action needs the Express request (server/main.ts getLoadContext)");
  let fields: Record<string, string | string[]> = {};
  let intent = "";
  try {
    const form = options.form ?? (await readForm(args.request));
    intent = intentOf(form);
    fields = formFields(form);
    delete fields[INTENT_FIELD];
    const own = typeof options.fields === "function" ? options.fields(form) : options.fields;
    const source = { ...fields, ...own, lang };
    const staff: StaffIdentity | undefined = endpoint.staff ? await staffFor(endpoint, args, fields) : undefined;
    const problems = fieldProblems(endpoint.input, source);
    if (problems.length > 0) {
      const fieldErrors = Object.fromEntries(problems.map(([field, key]) => [field, translate(lang, "errors", key)]));
      return refusal(new ApiError(problems[0]![1]), lang, { intent, fieldErrors, values: shownValues(fields, options.secret) });
    }
    const input = validate(endpoint.input, source);
    const result = await endpoint.handler(input, {
      db: args.context.db,
      logger: args.context.logger,
      settings: http.apiSettings,
      lang,
      req: http.req,
      res: http.res,
      staff,
    });
    const outcome: FormSuccess<z.input<O>> = { ok: true, intent, data: result };
    if (options.echo) {
      const shown = shownValues(fields);
      outcome.values = Object.fromEntries(options.echo.filter((name) => name in shown).map((name) => [name, shown[name]!]));
    }
    return data<FormOutcome<z.input<O>>>(outcome, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof ApiError || error instanceof AbuseLimitExceeded) return refusal(error, lang, { intent, values: shownValues(fields, options.secret) });
    throw error;
  }
}

/** A staff endpoint's session check, with the CSRF token from the form's hidden field. */
function staffFor(endpoint: Endpoint, args: ActionArgs, fields: Record<string, string | string[]>): Promise<StaffIdentity> {
  const { req, res } = args.context.http!;
  const token = fields[CSRF_FIELD];
  return requireStaffSession(args.context.db, req, res, endpoint.staff!, "post", typeof token === "string" ? token : undefined);
}
