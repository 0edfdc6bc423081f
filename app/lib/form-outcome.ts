/**
 * A form's outcome as its route action answers it (server/http/form-actions.server.ts), and the
 * hook a form reads it with. Shared by the server, which builds it, and the pages, which show it.
 */
import { useActionData, useFetcher } from "react-router";
import type { ApiErrorKey } from "@contracts/api-errors";

export interface FormRefusal {
  ok: false;
  /** Which of the page's forms was sent (a page may have several: a comment and its votes). */
  intent: string;
  /** The API's business code and error key for the outcome (docs/decisions/0006). */
  code: number;
  key: ApiErrorKey;
  /** The outcome in the page's language, for the form's message area. */
  message: string;
  /** Field name → the error shown beside that field. */
  fieldErrors: Record<string, string>;
  /** What a staff member can act on (the line of a content file that does not render); never for visitors' input. */
  detail?: string;
  /** What was sent, so the form shows it again (never files or the CSRF token). */
  values: Record<string, string>;
}

export interface FormSuccess<T> {
  ok: true;
  intent: string;
  data: T;
  /** The posted fields the action was asked to show again (endpointAction's `echo`). */
  values?: Record<string, string>;
}

export type FormOutcome<T> = FormSuccess<T> | FormRefusal;

/** The field naming which of the page's forms was sent. */
export const INTENT_FIELD = "intent";

/** The hidden field of a form's nonce, which its action binds into an idempotency key (server/http/form-idempotency.server.ts). */
export const FORM_NONCE_FIELD = "form_nonce";

/** The field a staff form carries its session's CSRF token in (the API reads it from X-CSRF-Token). */
export const CSRF_FIELD = "csrf_token";

function isOutcome(value: unknown, intent: string): value is FormOutcome<unknown> {
  return (
    typeof value === "object" && value !== null && (value as { intent?: unknown }).intent === intent && typeof (value as { ok?: unknown }).ok === "boolean"
  );
}

/**
 * One form of a page, posted to the page's action. With scripts it is sent by a fetcher (the page
 * stays where it is); without them the browser posts it and the page comes back with the action's
 * data: either way `outcome` is this form's last answer, and `busy` says it is being sent.
 */
export function useFormAction<T>(intent: string) {
  const fetcher = useFetcher<FormOutcome<T>>({ key: intent });
  const actionData: unknown = useActionData();
  const fromFetcher = isOutcome(fetcher.data, intent) ? (fetcher.data as FormOutcome<T>) : undefined;
  const fromDocument = isOutcome(actionData, intent) ? (actionData as FormOutcome<T>) : undefined;
  return { fetcher, outcome: fromFetcher ?? fromDocument, busy: fetcher.state !== "idle" };
}
