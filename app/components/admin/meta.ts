import type { MetaDescriptor } from "react-router";

/** Every staff page: its title and noindex (the header says so too); nothing else of the site's head. */
export function staffMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} · Facet Browser staff` }, { name: "robots", content: "noindex, nofollow" }];
}
