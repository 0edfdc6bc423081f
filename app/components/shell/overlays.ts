/**
 * What may cover the page on a first visit, and in which order (docs/decisions/0032): the language
 * prompt, then the cookie banner, then Google's one-tap; one at a time. Each marks itself
 * `data-overlay`; whoever waits for the page to be clear listens for this event.
 */
export const OVERLAY_CLOSED_EVENT = "site:overlay-closed";

export function announceOverlayClosed(): void {
  window.dispatchEvent(new Event(OVERLAY_CLOSED_EVENT));
}

/** An overlay is on screen (the consent banner kept behind the prompt by CSS does not count). */
export function overlayShown(doc: Document = document): boolean {
  return [...doc.querySelectorAll<HTMLElement>("[data-overlay]")].some((el) => el.getClientRects().length > 0);
}

/** Calls `then` once nothing covers the page, now or after the visitor has answered what does. */
export function whenNoOverlay(then: () => void): () => void {
  if (!overlayShown()) {
    then();
    return () => {};
  }
  const check = () => {
    // The next overlay in the order may appear in the same task (the banner behind the prompt).
    window.setTimeout(() => {
      if (overlayShown()) return;
      window.removeEventListener(OVERLAY_CLOSED_EVENT, check);
      then();
    }, 0);
  };
  window.addEventListener(OVERLAY_CLOSED_EVENT, check);
  return () => window.removeEventListener(OVERLAY_CLOSED_EVENT, check);
}
