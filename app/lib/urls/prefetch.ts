/**
 * Route preloading on intent (hover, focus, touch), skipped on data-saver or 2G connections,
 * with at most MAX_PRELOADS route preloads in flight at once (spec section 9).
 */
export const MAX_PRELOADS = 5;
/** How long a preload holds its slot: the browser fetches the route's modules and data meanwhile. */
export const PRELOAD_SLOT_MS = 3000;
/** Hover this long before it counts as intent, so sweeping the pointer across a menu preloads nothing. */
export const INTENT_DELAY_MS = 100;

interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? "");
}

let active = 0;

/** Takes one of the preload slots; null when all are busy. The returned function gives it back (once). */
export function acquirePreloadSlot(): (() => void) | null {
  if (active >= MAX_PRELOADS) return null;
  active++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    active--;
  };
}

export function activePreloads(): number {
  return active;
}

export function browserConnection(): ConnectionInfo | undefined {
  return typeof navigator === "undefined" ? undefined : (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}
