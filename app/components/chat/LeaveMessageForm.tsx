import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { INTENT_FIELD, useFormAction, type FormOutcome } from "~/lib/form-outcome";
import { MESSAGE_FIELD_ORDER, MESSAGE_LIMITS, messageFieldProblem, type MessageFieldName } from "@contracts/message-rules";

/** The message form's intent: the contact page's action runs it (app/routes/contact.tsx). */
export const LEAVE_MESSAGE_INTENT = "leave-message";

type Sent = { id: number; reference: string };

const INPUT =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-500";

/**
 * "Leave us a message": name, where to reply and the message, posted to the contact page's action,
 * which runs the API's own leave-message endpoint (docs/decisions/0034). The contact page shows
 * it (it works without scripts); the chat button's dialog shows the same form and posts it to the
 * same page with a fetcher. A refused message comes back as it was typed, each field's problem
 * beside it; a sent one shows its reference.
 */
export function LeaveMessageForm({
  action,
  page,
  intro,
  title,
}: {
  /** The contact page's address in the page's language. */
  action: string;
  /** The address the message is sent from, for staff (the contact page sends its own). */
  page: string;
  /** A line above the fields (the dialog's "our chat is not available right now"). */
  intro?: string;
  /** The form's heading ("Leave us a message", or "Message sent"), placed by the caller. */
  title: (text: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const { fetcher, outcome, busy } = useFormAction<Sent>(LEAVE_MESSAGE_INTENT);
  // "Write another message" puts the form back: the answer it dismissed is no longer shown.
  const [dismissed, setDismissed] = useState<FormOutcome<Sent> | undefined>(undefined);
  const shown = outcome === dismissed ? undefined : outcome;
  const refs = useRef<Partial<Record<MessageFieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const refused = shown?.ok === false ? shown : null;
  const errorOf = (field: MessageFieldName): string | undefined => {
    const error = refused?.fieldErrors[field];
    if (!error) return undefined;
    const problem = messageFieldProblem(field, refused.values[field]);
    return problem === "required" ? t("chat.required") : problem === "tooLong" ? t("chat.tooLong", { max: MESSAGE_LIMITS[field] }) : error;
  };
  const errors = Object.fromEntries(MESSAGE_FIELD_ORDER.map((field) => [field, errorOf(field)])) as Record<MessageFieldName, string | undefined>;
  const firstInvalid = MESSAGE_FIELD_ORDER.find((field) => errors[field]);

  // A refusal the fetcher brought puts the focus on the first field to mend.
  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.ok !== false || answer.intent !== LEAVE_MESSAGE_INTENT) return;
    const field = MESSAGE_FIELD_ORDER.find((name) => answer.fieldErrors[name]);
    if (field) refs.current[field]?.focus();
  }, [answer]);

  if (shown?.ok) {
    const another = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      setDismissed(shown);
    };
    return (
      <>
        {title(t("chat.sentTitle"))}
        <div role="status" data-testid="message-sent">
          <p className="mt-3 text-slate-700">{t("chat.sentText", { reference: shown.data.reference, contact: (shown.values?.contact ?? "").trim() })}</p>
          {/* A link to an empty form, without scripts; with them the form comes back in place. */}
          <a
            href={action}
            onClick={another}
            className="mt-5 inline-block rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-indigo-400"
          >
            {t("chat.another")}
          </a>
        </div>
      </>
    );
  }

  const describedBy = (field: MessageFieldName) =>
    [field === "contact" ? "message-contact-hint" : "", errors[field] ? `message-error-${field}` : ""].filter(Boolean).join(" ") || undefined;
  const errorFor = (field: MessageFieldName) =>
    errors[field] ? (
      <p id={`message-error-${field}`} className="mt-1 text-sm font-medium text-red-700" data-testid={`message-error-${field}`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <>
      {title(t("chat.formTitle"))}
      <fetcher.Form method="post" action={action} noValidate className="mt-2 space-y-4" data-testid="message-form">
        <input type="hidden" name={INTENT_FIELD} value={LEAVE_MESSAGE_INTENT} />
        <input type="hidden" name="page" value={page} />
        {intro ? <p className="text-sm text-slate-600">{intro}</p> : null}
        {(["name", "contact"] as const).map((field) => (
          <div key={field}>
            <label htmlFor={`message-${field}`} className="font-medium">
              {t(`chat.${field}`)}
            </label>
            <input
              id={`message-${field}`}
              name={field}
              ref={(el) => void (refs.current[field] = el)}
              className={INPUT}
              defaultValue={refused?.values[field] ?? ""}
              maxLength={MESSAGE_LIMITS[field]}
              autoComplete={field === "name" ? "name" : "email"}
              required
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={describedBy(field)}
            />
            {field === "contact" ? (
              <p id="message-contact-hint" className="mt-1 text-xs text-slate-500">
                {t("chat.contactHint")}
              </p>
            ) : null}
            {errorFor(field)}
          </div>
        ))}
        <div>
          <label htmlFor="message-message" className="font-medium">
            {t("chat.message")}
          </label>
          <textarea
            id="message-message"
            name="message"
            ref={(el) => void (refs.current.message = el)}
            className={`${INPUT} min-h-28`}
            defaultValue={refused?.values.message ?? ""}
            maxLength={MESSAGE_LIMITS.message}
            required
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy("message")}
          />
          {errorFor("message")}
        </div>
        <div aria-live="polite">
          {refused ? (
            <p role="alert" className="text-sm font-medium text-red-700" data-testid="message-refused">
              {firstInvalid ? errors[firstInvalid] : refused.message}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70"
          data-testid="message-submit"
        >
          {busy ? t("chat.sending") : t("chat.send")}
        </button>
      </fetcher.Form>
    </>
  );
}
