import type { MetaDescriptor } from "react-router";
import type { AdminLang } from "./admin-lang";

/** Every staff page: its title and noindex (the header says so too); nothing else of the site's head. */
export function staffMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} · Facet Browser staff` }, { name: "robots", content: "noindex, nofollow" }];
}

/** A staff page's title in the staff member's language (the root loader's `staffLang`). */
export function staffMetaIn(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[], title: { en: string; zh: string }): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { staffLang?: AdminLang | null } | undefined;
  return staffMeta(title[root?.staffLang === "zh" ? "zh" : "en"]);
}
