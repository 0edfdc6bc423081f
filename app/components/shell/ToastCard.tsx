import { useTranslation } from "~/i18n/use-translation";
import type { ToastState, ToastType } from "./Toaster";
import { CloseIcon } from "./CloseIcon";

const STYLES: Record<ToastType, string> = {
  error: "bg-red-600 text-white",
  success: "bg-emerald-600 text-white",
  info: "bg-slate-800 text-white",
};

function Icon({ type }: { type: ToastType }) {
  if (type === "info") return null;
  return (
    <svg viewBox="0 0 20 20" className="h-5 w-5 shrink-0" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="10" cy="10" r="8" />
      {type === "error" ? <path d="M7 7l6 6M13 7l-6 6" /> : <path d="M6 10.5l2.5 2.5L14 7.5" />}
    </svg>
  );
}

/** The visible toast: loaded with the first one a page shows, not with every page (docs/decisions/0025). */
export function ToastCard({ toast, onClose }: { toast: ToastState; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="toast"
      data-type={toast.type}
      data-phase={toast.phase}
      className={`toast pointer-events-auto flex max-w-[67%] items-center gap-3 rounded-lg shadow-lg ${STYLES[toast.type]} ${
        toast.variant === "small" ? "px-3 py-2 text-sm" : "px-4 py-3"
      } ${toast.phase === "exit" ? "toast-exit" : "toast-enter"}`}
    >
      <Icon type={toast.type} />
      <span className="sr-only">{t(`toast.${toast.type}`)}: </span>
      <p>{toast.message}</p>
      <button
        type="button"
        onClick={() => onClose(toast.id)}
        className="ml-2 rounded p-1 hover:bg-white/20 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
        aria-label={t("toast.close")}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
