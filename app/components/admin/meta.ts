import type { MetaDescriptor } from "react-router";
import type { AdminLang } from "./admin-lang";
import { adminTranslator, type AdminResources, type AdminT, type AdminWords } from "./admin-words";

/** Every staff page: its title and noindex (the header says so too); nothing else of the site's head. */
export function staffMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} · Facet Browser staff` }, { name: "robots", content: "noindex, nofollow" }];
}

/** A staff page's title in the staff member's language, from the shell's words the root loader sends. */
export function staffMetaIn(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  title: (t: AdminT<AdminResources["shell"]>) => string,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { staffLang?: AdminLang | null; adminWords?: AdminWords } | undefined;
  const { t } = adminTranslator(root?.staffLang === "zh" ? "zh" : "en", root?.adminWords ?? {}, "shell");
  return staffMeta(title(t));
}
