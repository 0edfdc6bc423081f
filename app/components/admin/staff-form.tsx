/**
 * What every staff form carries when it posts to its page's action (server/http/form-actions.server.ts):
 * which of the page's forms it is, and the session's CSRF token (the API takes it as a header).
 */
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { CSRF_FIELD, INTENT_FIELD, type FormOutcome } from "~/lib/form-outcome";

interface AdminLayoutData {
  staff: { csrfToken: string };
}

/** The signed-in staff member's CSRF token, from the staff layout's loader ("" when signed out). */
export function useCsrfToken(): string {
  return useRouteLoaderData<AdminLayoutData>("admin")?.staff.csrfToken ?? "";
}

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

/**
 * For a staff control that is not a form someone fills in (a role's Save beside its select, an
 * editable grid, Publish after a confirmation): posts its fields to the page's action through a
 * fetcher, as the page's forms post, and resolves to that action's outcome; the page's data is
 * then read again (so what is shown next is what is stored), and `busy` lasts until it is.
 */
export function useStaffSubmit() {
  const fetcher = useFetcher<FormOutcome<unknown>>();
  const csrf = useCsrfToken();
  const waiting = useRef<{ resolve: (outcome: FormOutcome<unknown>) => void; before: unknown } | null>(null);
  const latest = useRef(fetcher.data);
  latest.current = fetcher.data;
  const { submit: send } = fetcher;

  // The action's answer arrives before the page's data is read again: resolve then, while this
  // control is still there (a save that changes the schedule's version remounts its editor).
  useEffect(() => {
    const wait = waiting.current;
    if (!wait || !fetcher.data || fetcher.data === wait.before) return;
    waiting.current = null;
    wait.resolve(fetcher.data);
  }, [fetcher.data]);

  const submit = useCallback(
    <T,>(intent: string, fields: Record<string, string | number | boolean>): Promise<FormOutcome<T>> =>
      new Promise((resolve) => {
        waiting.current = { resolve: resolve as (outcome: FormOutcome<unknown>) => void, before: latest.current };
        const form: Record<string, string> = { [INTENT_FIELD]: intent, [CSRF_FIELD]: csrf };
        for (const [name, value] of Object.entries(fields)) form[name] = String(value);
        void send(form, { method: "post" });
      }),
    [send, csrf],
  );
  const busy = fetcher.state !== "idle";
  // One object while nothing changes: callers list it among their callbacks' dependencies.
  return useMemo(() => ({ submit, busy }), [submit, busy]);
}
