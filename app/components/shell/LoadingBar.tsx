import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";

/** Spec section 9: 200 ms throttle, nominal 2000 ms, 3 px; hide 500 ms after finishing, reset 400 ms later. */
export const LOADING_BAR = { throttle: 200, duration: 2000, hideAfter: 500, resetAfter: 400, height: 3 } as const;

type Phase = "idle" | "running" | "finishing" | "hidden";

export function LoadingBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const frame = useRef<number>(0);
  const phaseRef = useRef<Phase>("idle");
  phaseRef.current = phase;

  useEffect(() => {
    const clear = () => {
      timers.current.forEach(clearTimeout);
      timers.current = [];
      cancelAnimationFrame(frame.current);
    };
    if (busy) {
      clear();
      timers.current.push(
        setTimeout(() => {
          const started = performance.now();
          setPhase("running");
          const tick = () => {
            // Steady advance over the nominal duration, never reaching the end on its own.
            setProgress(Math.min(95, ((performance.now() - started) / LOADING_BAR.duration) * 95));
            frame.current = requestAnimationFrame(tick);
          };
          tick();
        }, LOADING_BAR.throttle),
      );
    } else if (phaseRef.current === "running") {
      clear();
      setProgress(100);
      setPhase("finishing");
      timers.current.push(
        setTimeout(() => {
          setPhase("hidden");
          timers.current.push(
            setTimeout(() => {
              setPhase("idle");
              setProgress(0);
            }, LOADING_BAR.resetAfter),
          );
        }, LOADING_BAR.hideAfter),
      );
    } else {
      clear(); // finished within the throttle: never shown
    }
    return undefined;
  }, [busy]);
  useEffect(
    () => () => {
      timers.current.forEach(clearTimeout);
      cancelAnimationFrame(frame.current);
    },
    [],
  );

  const visible = phase === "running" || phase === "finishing";
  return (
    <div
      data-testid="loading-bar"
      data-phase={phase}
      role="progressbar"
      aria-label={t("loading")}
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      className="pointer-events-none fixed inset-x-0 top-0 z-[70]"
      style={{ height: LOADING_BAR.height, opacity: visible ? 1 : 0, transition: "opacity 300ms" }}
    >
      <div className="h-full bg-indigo-500" style={{ width: `${progress}%`, transition: phase === "finishing" ? "width 200ms" : "none" }} />
    </div>
  );
}
