import { useEffect } from "react";
import { useLocation } from "react-router";

/** Spec section 9: off on mobile, 50 px offset, once, 800 ms; also off for prefers-reduced-motion. */
export const SCROLL_ANIMATION = { offset: 50, duration: 800, mobileMaxWidth: 767 } as const;

/**
 * Elements marked data-animate fade up as they enter the viewport, once. Hidden only once this
 * script runs (html.animate-ready), so content is always visible without JavaScript.
 */
export function useScrollAnimations(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const off =
      window.matchMedia(`(max-width: ${SCROLL_ANIMATION.mobileMaxWidth}px)`).matches ||
      window.matchMedia("(prefers-reduced-motion: reduce)").matches ||
      !("IntersectionObserver" in window);
    if (off) return;
    const pending = [...document.querySelectorAll<HTMLElement>("[data-animate]:not([data-animated])")];
    // Anything already on screen shows at once; only what lies below the fold animates.
    const below = pending.filter((el) => el.getBoundingClientRect().top > window.innerHeight - SCROLL_ANIMATION.offset);
    if (!below.length) return;
    document.documentElement.classList.add("animate-ready");
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.setAttribute("data-animated", "");
          observer.unobserve(entry.target);
        }
      },
      { rootMargin: `0px 0px -${SCROLL_ANIMATION.offset}px 0px` },
    );
    for (const el of below) {
      el.setAttribute("data-animate-pending", "");
      observer.observe(el);
    }
    return () => observer.disconnect();
  }, [pathname]);
}
