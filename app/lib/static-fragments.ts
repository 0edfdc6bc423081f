import { createContext, type ReactNode } from "react";

/**
 * Markup of a subtree that depends on nothing but what its caller names (a drawing in one
 * language): rendered once per process on the server and written into every page that shows it
 * as it is (docs/decisions/0042). The browser keeps that markup when the page hydrates instead of
 * hydrating it element by element (the drawing finds it by its id, 0043), and renders the subtree
 * as usual when a client navigation or another language needs it; the markup is what React would
 * have written.
 *
 * `owner` is what the markup was made from (a translator's `t`, kept per language for the process),
 * `key` tells the subtrees of one owner apart. Absent (in the browser, in tests), the subtree is
 * rendered as usual.
 */
export type StaticFragments = (owner: object, key: string, render: () => ReactNode) => string;

export const StaticFragmentsContext = createContext<StaticFragments | null>(null);
