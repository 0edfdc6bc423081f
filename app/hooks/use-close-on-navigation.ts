import { useEffect, useRef, type RefObject } from "react";

/**
 * Closes a disclosure (<details>) when the page changes. Not on mount: a visitor who opened it
 * before the page hydrated must not see it snap shut.
 */
export function useCloseOnNavigation(details: RefObject<HTMLDetailsElement | null>, pathname: string): void {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (details.current) details.current.open = false;
  }, [details, pathname]);
}
