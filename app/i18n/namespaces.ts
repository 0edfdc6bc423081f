import type { CustomTypeOptions } from "i18next";

/** The interface-text namespaces: one JSON per language and namespace in app/locales/<lang>/. */
export type Namespace = keyof CustomTypeOptions["resources"];
export const NAMESPACES = [
  "common",
  "blog",
  "check",
  "drawings",
  "errors",
  "growth",
  "help",
  "product",
  "search",
  "verify",
] as const satisfies readonly Namespace[];
// A namespace added to i18next.d.ts but not listed above does not compile.
export const EVERY_NAMESPACE_LISTED: [Exclude<Namespace, (typeof NAMESPACES)[number]>] extends [never] ? true : never = true;

type Resources = CustomTypeOptions["resources"];
/** A namespace's sections ("faq") and their parts ("pages.faq"), from the English file's type. */
type Parts<T> = { [K in keyof T & string]: K | (T[K] extends string ? never : `${K}.${keyof T[K] & string}`) }[keyof T & string];

/**
 * Which words a page is sent: a whole namespace ("product"), a section of one ("product.faq") or
 * a part of a section ("common.pages.faq"). Pages get only what they use (docs/decisions/0025).
 * Typed against the English files: a selector naming no section does not compile.
 */
export type MessageSelector = { [N in Namespace]: N | `${N}.${Parts<Resources[N]>}` }[Namespace];

/**
 * What the shell says (header, footer, banners, prompts, chat, toasts, error pages), sent with
 * every page by the root loader. Every other
 * section travels with the loader data of the routes that use it. A word the shell reads that is
 * not listed here is reported where it is read (app/i18n/unsent-words.ts).
 */
export const SHELL_MESSAGES = [
  "common.account",
  "common.backToTop",
  "common.badGateway",
  "common.chat",
  "common.consent",
  "common.footer",
  "common.langPrompt",
  "common.language",
  "common.loading",
  "common.nav",
  "common.notFound",
  "common.oneTap",
  "common.phishing",
  "common.previewRibbon",
  "common.previewRibbonLabel",
  "common.safeNav",
  "common.skipToContent",
  "common.toast",
  "errors.internal",
] as const satisfies readonly MessageSelector[];

export type MessageTree = { [key: string]: string | MessageTree };
/** Some namespaces (or sections of them) of one language, as loaders send them to the browser. */
export type Messages = Partial<Record<Namespace, MessageTree>>;

export function isNamespace(value: string): value is Namespace {
  return (NAMESPACES as readonly string[]).includes(value);
}

/** Several loaders' messages as one: parts of the same namespace and section side by side. */
export function mergeMessages(bundles: readonly (Messages | null | undefined)[]): Messages {
  let merged: MessageTree = {};
  for (const bundle of bundles) if (bundle) merged = mergeTrees(merged, bundle as MessageTree);
  return merged as Messages;
}

function mergeTrees(a: MessageTree, b: MessageTree): MessageTree {
  const out: MessageTree = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    out[key] = typeof mine === "object" && typeof value === "object" ? mergeTrees(mine, value) : value;
  }
  return out;
}
