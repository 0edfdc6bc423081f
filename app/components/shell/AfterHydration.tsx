import { lazy, Suspense, type ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * Renders its children only once the page has hydrated, so that a part which does nothing before
 * then (nothing to show, no handler to run) can come in a chunk loaded after hydration instead of
 * with every page's first scripts (issue 30's first-load budget).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The shell's loading bar and back-to-top button: one chunk, and nothing at all (rather than an error page) should it fail to load. */
const shellExtras = () => import("./ShellExtras").catch(() => null);

export const LoadingBar = lazy(() => shellExtras().then((m) => ({ default: m?.LoadingBar ?? Nothing })));
export const BackToTop = lazy(() => shellExtras().then((m) => ({ default: m?.BackToTop ?? Nothing })));

function Nothing(): null {
  return null;
}
