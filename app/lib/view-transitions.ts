/**
 * Links navigate with a view transition (React Router's `viewTransition`), and React Router drops
 * the ViewTransition that `document.startViewTransition` returns. When the browser skips one (the
 * visitor clicks again or goes back before it ran, or the tab is hidden) its `ready` and
 * `finished` promises reject with nobody listening: an unhandled rejection on a navigation that
 * succeeded, which the usage tracker would also report as a script error (spec 100103).
 * Those lifecycle ends are expected (the animation is an enhancement); any other failure is still
 * reported. The same fix other routers took (TanStack Router #7906, Nuxt #35535).
 */

const PATCHED = Symbol.for("facet.viewTransitionsQuiet");

/** The browser skipped or abandoned the animation; the navigation itself went on. */
export function isSkippedTransition(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "AbortError" || name === "InvalidStateError";
}

interface TransitionLike {
  ready?: Promise<unknown>;
  finished?: Promise<unknown>;
  updateCallbackDone?: Promise<unknown>;
}

/** Handles a transition's lifecycle promises: expected ends are dropped, anything else is reported. */
export function handleTransitionPromises(transition: TransitionLike, report: (error: unknown) => void): void {
  for (const promise of [transition.ready, transition.finished, transition.updateCallbackDone]) {
    promise?.catch((error: unknown) => {
      if (!isSkippedTransition(error)) report(error);
    });
  }
}

/** Wraps `document.startViewTransition` once, so every transition's promises are handled. */
export function quietSkippedViewTransitions(doc: Document = document): void {
  const target = doc as Document & { [PATCHED]?: true };
  const start = target.startViewTransition as Document["startViewTransition"] | undefined;
  if (typeof start !== "function" || target[PATCHED]) return;
  target[PATCHED] = true;
  target.startViewTransition = function startViewTransition(this: Document, ...args: Parameters<Document["startViewTransition"]>) {
    const transition = start.apply(this, args);
    handleTransitionPromises(transition, (error) => globalThis.reportError?.(error));
    return transition;
  };
}
