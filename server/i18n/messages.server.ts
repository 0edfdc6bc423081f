import fs from "node:fs";
import path from "node:path";
import { LANG_KEYS, DEFAULT_LANG, type LangKey } from "~/i18n/languages";
import { mergeMessages, SHELL_MESSAGES, type MessageSelector, type MessageTree, type Messages, type Namespace as PageNamespace } from "~/i18n/namespaces";
import { LOCALES_DIR } from "../paths.server";

export type Namespace = string;
export type { MessageTree };

const cache = new Map<string, MessageTree>();

export function listNamespaces(): string[] {
  return fs
    .readdirSync(path.join(LOCALES_DIR, DEFAULT_LANG))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** One language's messages of one namespace, read from app/locales once and kept. */
export function getNamespace(lang: LangKey, ns: Namespace): MessageTree {
  const key = `${lang}/${ns}`;
  let tree = cache.get(key);
  if (!tree) {
    const file = path.join(LOCALES_DIR, lang, `${ns}.json`);
    tree = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as MessageTree) : {};
    cache.set(key, tree);
  }
  return tree;
}

/** Everything the browser needs for one language: that language's namespaces and nothing else. */
export function getLanguageBundle(lang: LangKey, namespaces: Namespace[] = listNamespaces()): Record<Namespace, MessageTree> {
  return Object.fromEntries(namespaces.map((ns) => [ns, getNamespace(lang, ns)]));
}

/** Looks a dotted key up in the language, then in English; the key itself if neither has it. */
export function translate(lang: LangKey, ns: Namespace, key: string): string {
  for (const l of [lang, DEFAULT_LANG]) {
    let node: string | MessageTree | undefined = getNamespace(l, ns);
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    if (typeof node === "string") return node;
  }
  return key;
}

export function preloadMessages(): void {
  for (const lang of LANG_KEYS) for (const ns of listNamespaces()) getNamespace(lang, ns);
}

/**
 * The selected parts of one language: "blog" all of the namespace, "product.faq" one section,
 * "common.pages.faq" one part of a section.
 */
export function getMessages(lang: LangKey, selectors: readonly MessageSelector[]): Messages {
  const picked: MessageTree[] = [];
  for (const selector of selectors) {
    const [ns, ...path] = selector.split(".") as [PageNamespace, ...string[]];
    let node: string | MessageTree | undefined = getNamespace(lang, ns);
    for (const part of path) node = typeof node === "object" ? node[part] : undefined;
    if (node === undefined) continue;
    picked.push([ns, ...path].reduceRight<string | MessageTree>((inner, key) => ({ [key]: inner }), node) as MessageTree);
  }
  return mergeMessages(picked as Messages[]);
}

/** What the root loader sends with every page: the shell's sections (docs/decisions/0025). */
export function shellMessages(lang: LangKey): Messages {
  return getMessages(lang, SHELL_MESSAGES);
}
