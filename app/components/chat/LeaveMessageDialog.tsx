import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { CloseIcon } from "../shell/CloseIcon";
import { LeaveMessageForm } from "./LeaveMessageForm";

/**
 * The chat's first-party fallback: the contact page's message form in a modal (native <dialog>:
 * focus is kept inside, Escape closes it), posted to that page with a fetcher, in the page's
 * language. Without scripts the chat button is a link to the page itself.
 */
export function LeaveMessageDialog({ open, onClose, action }: { open: boolean; onClose: () => void; action: string }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="leave-message-title"
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/50"
      data-testid="leave-message"
    >
      <div className="p-5 sm:p-6">
        <LeaveMessageForm
          action={action}
          // Mounted only once the visitor asks (never rendered on the server): the address is theirs.
          page={window.location.href}
          intro={t("chat.formIntro")}
          title={(text) => (
            <div className="flex items-start justify-between gap-4">
              <h2 id="leave-message-title" className="text-xl font-bold">
                {text}
              </h2>
              <button
                type="button"
                onClick={onClose}
                className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                aria-label={t("chat.close")}
              >
                <CloseIcon className="size-5" />
              </button>
            </div>
          )}
        />
      </div>
    </dialog>
  );
}
