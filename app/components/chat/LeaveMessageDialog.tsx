import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { postJson } from "~/lib/api-client";
import { firstMessageProblem, MESSAGE_LIMITS, type MessageFieldName } from "@contracts/message-rules";
import { useToast } from "../shell/Toaster";
import { CloseIcon } from "../shell/CloseIcon";

const EMPTY = { name: "", contact: "", message: "" };
const INPUT =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-500";

/**
 * The chat's first-party fallback: a modal "leave us a message" form (native <dialog>: focus is
 * kept inside, Escape closes it) that posts to home/leave-message, in the page's language.
 */
export function LeaveMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { t: te } = useTranslation("errors");
  const lang = useLang();
  const toast = useToast();
  const dialog = useRef<HTMLDialogElement>(null);
  const refs = useRef<Partial<Record<MessageFieldName, HTMLElement | null>>>({});
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<{ field: MessageFieldName; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ reference: string; contact: string } | null>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = firstMessageProblem(values);
    if (found) {
      setProblem({ field: found.field, message: found.kind === "required" ? t("chat.required") : t("chat.tooLong", { max: MESSAGE_LIMITS[found.field] }) });
      refs.current[found.field]?.focus();
      return;
    }
    setProblem(null);
    setSending(true);
    const result = await postJson<{ reference: string }>("/api/home/leave-message", { lang, ...values, page: window.location.href }, te("internal"));
    setSending(false);
    if (result.ok) {
      setSent({ reference: result.data.reference, contact: values.contact.trim() });
      setValues(EMPTY);
      return;
    }
    const field = result.field as MessageFieldName | undefined;
    if (field && field in EMPTY) {
      setProblem({ field, message: result.code === 10100 ? t("chat.required") : result.message });
      refs.current[field]?.focus();
    }
    toast(result.message, { type: "error" });
  };

  const errorFor = (field: MessageFieldName) =>
    problem?.field === field ? (
      <p id={`message-error-${field}`} className="mt-1 text-sm font-medium text-red-700" data-testid={`message-error-${field}`}>
        {problem.message}
      </p>
    ) : null;

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="leave-message-title"
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/50"
      data-testid="leave-message"
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="leave-message-title" className="text-xl font-bold">
            {sent ? t("chat.sentTitle") : t("chat.formTitle")}
          </h2>
          <button type="button" onClick={onClose} className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label={t("chat.close")}>
            <CloseIcon className="size-5" />
          </button>
        </div>
        {sent ? (
          <div role="status" data-testid="message-sent">
            <p className="mt-3 text-slate-700">{t("chat.sentText", { reference: sent.reference, contact: sent.contact })}</p>
            <button type="button" onClick={() => setSent(null)} className="mt-5 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-indigo-400">
              {t("chat.another")}
            </button>
          </div>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate className="mt-2 space-y-4" data-testid="message-form">
            <p className="text-sm text-slate-600">{t("chat.formIntro")}</p>
            {(["name", "contact"] as const).map((field) => (
              <div key={field}>
                <label htmlFor={`message-${field}`} className="font-medium">
                  {t(`chat.${field}`)}
                </label>
                <input
                  id={`message-${field}`}
                  ref={(el) => void (refs.current[field] = el)}
                  className={INPUT}
                  value={values[field]}
                  maxLength={MESSAGE_LIMITS[field]}
                  autoComplete={field === "name" ? "name" : "email"}
                  required
                  aria-invalid={problem?.field === field}
                  aria-describedby={[field === "contact" ? "message-contact-hint" : "", problem?.field === field ? `message-error-${field}` : ""].filter(Boolean).join(" ") || undefined}
                  onChange={(e) => {
                    setValues((v) => ({ ...v, [field]: e.target.value }));
                    if (problem?.field === field) setProblem(null);
                  }}
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
                ref={(el) => void (refs.current.message = el)}
                className={`${INPUT} min-h-28`}
                value={values.message}
                maxLength={MESSAGE_LIMITS.message}
                required
                aria-invalid={problem?.field === "message"}
                aria-describedby={problem?.field === "message" ? "message-error-message" : undefined}
                onChange={(e) => {
                  setValues((v) => ({ ...v, message: e.target.value }));
                  if (problem?.field === "message") setProblem(null);
                }}
              />
              {errorFor("message")}
            </div>
            <button
              type="submit"
              disabled={sending}
              className="w-full rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70"
              data-testid="message-submit"
            >
              {sending ? t("chat.sending") : t("chat.send")}
            </button>
          </form>
        )}
      </div>
    </dialog>
  );
}
