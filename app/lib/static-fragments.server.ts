import { renderToString } from "react-dom/server";
import type { StaticFragments } from "./static-fragments";

const made = new WeakMap<object, Map<string, string>>();

/**
 * The server's StaticFragments: each (owner, key) rendered once by React's own renderer, so the
 * markup is what the page's render would have written for it. The owners are kept for the process
 * (translators are), so this holds a few drawings per language.
 */
export const staticFragments: StaticFragments = (owner, key, render) => {
  let byKey = made.get(owner);
  if (!byKey) made.set(owner, (byKey = new Map()));
  let html = byKey.get(key);
  if (html === undefined) byKey.set(key, (html = renderToString(render())));
  return html;
};
