/**
 * What every staff form carries when it posts to its page's action (server/http/form-actions.server.ts):
 * which of the page's forms it is, and the session's CSRF token (the API takes it as a header).
 */
import { CSRF_FIELD, INTENT_FIELD, type FormOutcome } from "~/lib/form-outcome";
import { useCsrfToken } from "./use-admin-api";

export function StaffFormFields({ intent }: { intent: string }) {
  const csrf = useCsrfToken();
  return (
    <>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      {csrf ? <input type="hidden" name={CSRF_FIELD} value={csrf} /> : null}
    </>
  );
}

/** A refused form's error beside one field, and what was typed in it (to show it again). */
export function refusedField(outcome: FormOutcome<unknown> | undefined, field: string): { error: string | undefined; value: string | undefined } {
  if (outcome?.ok !== false) return { error: undefined, value: undefined };
  return { error: outcome.fieldErrors[field], value: outcome.values[field] };
}
