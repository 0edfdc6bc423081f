import fs from "node:fs";
import path from "node:path";
import { LANG_KEYS, DEFAULT_LANG, type LangKey } from "~/i18n/languages";
import { LOCALES_DIR } from "../paths.server";

export type Namespace = string;
export type MessageTree = { [key: string]: string | MessageTree };

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
