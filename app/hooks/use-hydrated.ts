import { useEffect, useState } from "react";

/**
 * True once React has hydrated the page in the browser; false on the server and while hydrating.
 * A page's scripts load after its first paint (docs/decisions/0026): a form's submit button is
 * disabled until then, or a press would send the form natively, as a GET with the typed text in
 * the address, and lose it; so is a button only a script handles (load more, a vote), which
 * would otherwise take the press and do nothing.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Marks `<html data-hydrated>` once the page shows its hydrated state, for the end-to-end tests
 * and anyone debugging a page. Every useHydrated() flips in hydration's own effects, and those
 * flips render together in one commit (enabled buttons, the web-font stylesheet's prefetch): this
 * marks the page after that commit, not after hydration's.
 */
export function HydratedMark(): null {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute("data-hydrated", "");
  }, [hydrated]);
  return null;
}
