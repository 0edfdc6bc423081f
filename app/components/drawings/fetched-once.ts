/**
 * Code the server has at hand and a browser fetches once, when it first needs it (a drawing's
 * pictures: docs/decisions/0045). The caller passes the server's value as
 * `import.meta.env.SSR ? value : undefined`: that flag is fixed at build time, so the browser build
 * keeps no static reference to it and `fetch` (a dynamic import) is its only way in.
 */
export interface FetchedOnce<T> {
  /** The value when it is here (always on the server), else undefined. */
  now(): T | undefined;
  /** Fetches it once: the same promise for every caller, which React's `use` needs. */
  load(): Promise<T>;
}

export function fetchedOnce<T>(onServer: T | undefined, fetch: () => Promise<T>): FetchedOnce<T> {
  let value = onServer;
  let pending: Promise<T> | undefined;
  return {
    now: () => value,
    load: () => (pending ??= fetch().then((fetched) => (value = fetched))),
  };
}
