/** Runs after the page is interactive and the browser is idle, never in the critical path; returns a cancel. */
export function whenIdle(run: () => void): () => void {
  // Safari has no requestIdleCallback: a second after hydration instead.
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 4_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1_000);
  return () => clearTimeout(handle);
}
