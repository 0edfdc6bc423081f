import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

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

export interface ToastState {
  id: number;
  message: string;
  type: ToastType;
  variant: ToastVariant;
  delay: number;
  phase: "enter" | "exit";
}

const ToastCard = lazy(() => import("./ToastCard").then((m) => ({ default: m.ToastCard })));

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

function ToastView({ toast, onClose }: { toast: ToastState | null; onClose: (id: number) => void }) {
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
        <Suspense fallback={null}>
          <ToastCard key={toast.id} toast={toast} onClose={onClose} />
        </Suspense>
      ) : null}
    </div>
  );
}
