import type { useLoaderData } from "react-router";

/**
 * What a staff route's loader sends its page, exactly as `useLoaderData<typeof loader>()` gives it:
 * page components take their types from the loaders (`PageData<typeof loader>`), so a field the
 * server adds, renames or drops is seen by the compiler, not hand-copied into an interface.
 */
export type PageData<Loader> = ReturnType<typeof useLoaderData<Loader>>;
