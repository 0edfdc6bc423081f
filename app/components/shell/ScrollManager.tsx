import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useMatches, useNavigationType } from "react-router";

/** A route opts out of scroll-to-top with `export const handle = { keepScroll: true }`. */
export interface ScrollHandle {
  keepScroll?: boolean;
}

const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
const positions = new Map<string, number>();

/**
 * After a navigation: back/forward restores the position; otherwise scroll to the hash target,
 * or to the top unless the route opts out. Focus moves to the main region for screen readers.
 */
export function ScrollManager() {
  const location = useLocation();
  const type = useNavigationType();
  const matches = useMatches();
  const first = useRef(true);

  useEffect(() => {
    const save = () => positions.set(location.key, window.scrollY);
    window.addEventListener("scroll", save, { passive: true });
    return () => {
      save();
      window.removeEventListener("scroll", save);
    };
  }, [location.key]);

  useIsomorphicLayoutEffect(() => {
    if (first.current) {
      first.current = false; // the browser has placed the first page itself
      return;
    }
    if (type === "POP" && positions.has(location.key)) {
      window.scrollTo(0, positions.get(location.key)!);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    const keep = matches.some((m) => (m.handle as ScrollHandle | undefined)?.keepScroll);
    if (!keep) window.scrollTo(0, 0);
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [location.key]);

  return null;
}
