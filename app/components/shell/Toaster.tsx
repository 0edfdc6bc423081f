import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** error: red with a failure icon; success (a falsy type in the spec): green with a check; info: neutral. */
export type ToastType = "error" | "success" | "info";
export type ToastVariant = "main" | "small";

/** Spec section 9: 3.6 s on the main toast, 1000 ms by default on the small one, 300 ms exit. */
export const TOAST_TIMING = { mainDelay: 3600, smallDelay: 1000, exit: 300 } as const;

export interface ToastOptions {
  type?: ToastType;
  variant?: ToastVariant;
  /** How long it stays before leaving; 0 keeps it until closed. */
  delay?: number;
}

interface ToastState {
  id: number;
  message: string;
  type: ToastType;
  variant: ToastVariant;
  delay: number;
  phase: "enter" | "exit";
}

type ShowToast = (message: string, options?: ToastOptions) => void;
const ToastContext = createContext<ShowToast>(() => {});

export function useToast(): ShowToast {
  return useContext(ToastContext);
}

/** One toast at a time: a new one replaces the old. Announced through a live region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const ids = useRef(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const clearTimers = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
  };

  const dismiss = useCallback((id: number) => {
    clearTimers();
    setToast((t) => (t && t.id === id ? { ...t, phase: "exit" } : t));
    timers.current.push(setTimeout(() => setToast((t) => (t && t.id === id ? null : t)), TOAST_TIMING.exit));
  }, []);

  const show = useCallback<ShowToast>(
    (message, options = {}) => {
      clearTimers();
      const variant = options.variant ?? "main";
      const delay = options.delay ?? (variant === "main" ? TOAST_TIMING.mainDelay : TOAST_TIMING.smallDelay);
      const id = ++ids.current;
      setToast({ id, message, type: options.type ?? "info", variant, delay, phase: "enter" });
      if (delay > 0) timers.current.push(setTimeout(() => dismiss(id), delay + TOAST_TIMING.exit));
    },
    [dismiss],
  );
  useEffect(() => clearTimers, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastView toast={toast} onClose={dismiss} />
    </ToastContext.Provider>
  );
}

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

function ToastView({ toast, onClose }: { toast: ToastState | null; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center px-4">
      {/* Live regions stay mounted so screen readers announce each new message. */}
      <div role="status" aria-live="polite" className="sr-only">
        {toast && toast.type !== "error" ? toast.message : ""}
      </div>
      <div role="alert" aria-live="assertive" className="sr-only">
        {toast && toast.type === "error" ? toast.message : ""}
      </div>
      {toast ? (
        <div
          key={toast.id}
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
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M5 5l10 10M15 5L5 15" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
