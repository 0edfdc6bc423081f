/** Spec section 4/9: a failed code-chunk load reloads the page once, guarded by a 10 s window. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const KEY = "chunk-reload-at";

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? "");
  return /ChunkLoadError|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(text);
}

/** Reloads unless a reload already happened within the window (no reload loop). Returns whether it reloaded. */
export function reloadOnceForChunkError(storage: Pick<Storage, "getItem" | "setItem">, reload: () => void, now = Date.now()): boolean {
  const last = storage.getItem(KEY);
  if (last !== null && now - Number(last) < CHUNK_RELOAD_WINDOW_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/**
 * Where a chunk failure should take the visitor: the page a client navigation was heading for
 * (React Router's pending location), or else the page they are on. Reloading the old page
 * instead would leave them where they clicked, never reaching the link's target.
 */
export function chunkReloadTarget(): string {
  return pendingNavigationTarget() ?? window.location.href;
}

function pendingNavigationTarget(): string | null {
  const router = (window as { __reactRouterDataRouter?: { state: { navigation: { location?: { pathname: string; search: string; hash: string } } } } })
    .__reactRouterDataRouter;
  const pending = router?.state.navigation.location;
  return pending ? `${pending.pathname}${pending.search}${pending.hash}` : null;
}

interface ReloadNavigateEvent extends Event {
  navigationType: string;
  cancelable: boolean;
}

/** Loads `target` as a full page, once per window (see reloadOnceForChunkError). */
export function recoverFromChunkError(target: string): boolean {
  return reloadOnceForChunkError(sessionStorage, () => window.location.assign(target));
}

export function installChunkReload(): () => void {
  const handle = (error: unknown) => {
    if (isChunkLoadError(error)) recoverFromChunkError(chunkReloadTarget());
  };
  const onError = (e: ErrorEvent) => handle(e.error ?? e.message);
  const onRejection = (e: PromiseRejectionEvent) => handle(e.reason);
  // Vite reports a failed module preload here; handled like any chunk failure, without a second reload.
  const onPreloadError = (e: Event) => {
    e.preventDefault();
    handle((e as Event & { payload?: unknown }).payload ?? new Error("Failed to fetch dynamically imported module"));
  };
  // React Router answers a route module that fails to load with location.reload() while the URL
  // is still the old page's, so the visitor would never reach the link they clicked. Where the
  // Navigation API exists, that reload is turned into a load of the pending target, once per
  // window; a second one within the window is stopped, so nothing loops.
  const navigation = (window as { navigation?: EventTarget }).navigation;
  const onNavigate = (e: Event) => {
    const event = e as ReloadNavigateEvent;
    if (event.navigationType !== "reload" || !event.cancelable) return;
    const target = pendingNavigationTarget();
    if (!target) return;
    event.preventDefault();
    recoverFromChunkError(target);
  };
  navigation?.addEventListener("navigate", onNavigate);
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => {
    navigation?.removeEventListener("navigate", onNavigate);
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
    window.removeEventListener("vite:preloadError", onPreloadError);
  };
}
