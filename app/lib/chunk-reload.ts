/** Spec section 4/9: a failed code-chunk load reloads the page once, guarded by a 10 s window. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const KEY = "chunk-reload-at";

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? "");
  return /ChunkLoadError|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
    text,
  );
}

/** Reloads unless a reload already happened within the window (no reload loop). Returns whether it reloaded. */
export function reloadOnceForChunkError(
  storage: Pick<Storage, "getItem" | "setItem">,
  reload: () => void,
  now = Date.now(),
): boolean {
  const last = storage.getItem(KEY);
  if (last !== null && now - Number(last) < CHUNK_RELOAD_WINDOW_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

export function installChunkReload(): () => void {
  const handle = (error: unknown) => {
    if (isChunkLoadError(error)) reloadOnceForChunkError(sessionStorage, () => window.location.reload());
  };
  const onError = (e: ErrorEvent) => handle(e.error ?? e.message);
  const onRejection = (e: PromiseRejectionEvent) => handle(e.reason);
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
