import type { TFunction } from "i18next";
import { getLanguage, type LangKey } from "./languages";
import { isNamespace, type MessageTree, type Messages, type Namespace } from "./namespaces";

/**
 * The site's translation runtime: nested keys, `{{name}}` placeholders and plural forms by the
 * language's CLDR rules (`key_one`, `key_few`, … chosen with `count`). That is everything the
 * locale files use, in well under a kilobyte, where i18next and react-i18next weighed 18 KB gzip in
 * every page's first load and 13 % of a render's CPU (docs/decisions/0025). Keys stay typed by
 * i18next's own types against the English files (i18next.d.ts).
 */
export interface Translator {
  readonly lang: LangKey;
  /** One namespace's t, the same function on every call (safe in effect dependencies). */
  fixedT<N extends Namespace>(ns: N): TFunction<N>;
}

export type Options = Record<string, unknown> & { count?: unknown };

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function lookup(tree: MessageTree | undefined, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split(".")) node = node && typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/**
 * One message of a tree: the plural form `count` asks for (`key_one`, `key_other`, …), its
 * `{{name}}` placeholders filled; undefined when the tree has no such key. The staff area's words
 * (app/admin-locales) go through this too.
 */
export function formatMessage(tree: MessageTree | undefined, key: string, options: Options | undefined, plurals: () => Intl.PluralRules): string | undefined {
  let value: string | undefined;
  if (typeof options?.count === "number") {
    value = lookup(tree, `${key}_${plurals().select(options.count)}`) ?? lookup(tree, `${key}_other`);
  }
  value ??= lookup(tree, key);
  if (value === undefined || !options || !value.includes("{{")) return value;
  // A placeholder with no value is left as written, as i18next leaves it.
  return value.replace(PLACEHOLDER, (match, name: string) => (options[name] === undefined ? match : String(options[name])));
}

/**
 * A translator over the given messages of one language; a key found nowhere comes back as itself,
 * as i18next does, and is passed to `onMissing` (the page was not sent its section: app/i18n/unsent-words.ts).
 */
export function createTranslator(lang: LangKey, messages: Messages, onMissing?: (ns: Namespace, key: string) => void): Translator {
  let plurals: Intl.PluralRules | undefined;
  const fixed = new Map<Namespace, TFunction<Namespace>>();

  const pluralRules = () => (plurals ??= new Intl.PluralRules(getLanguage(lang).tag));

  // A word without options is the same on every call: a page reads hundreds, most of them again on
  // every render of the language (the translator is kept per language and sections).
  const plain = new Map<string, string>();

  const translate = (ns: Namespace, key: string, options?: Options): string => {
    if (!options) {
      const id = `${ns}:${key}`;
      let text = plain.get(id);
      if (text === undefined) {
        text = translateOnce(ns, key, undefined);
        plain.set(id, text);
      }
      return text;
    }
    return translateOnce(ns, key, options);
  };

  const translateOnce = (ns: Namespace, key: string, options: Options | undefined): string => {
    const sep = key.indexOf(":");
    if (sep > 0 && isNamespace(key.slice(0, sep))) return translate(key.slice(0, sep) as Namespace, key.slice(sep + 1), options);
    const text = formatMessage(messages[ns], key, options, pluralRules);
    if (text !== undefined) return text;
    onMissing?.(ns, key);
    return key;
  };

  return {
    lang,
    fixedT<N extends Namespace>(ns: N): TFunction<N> {
      let t = fixed.get(ns);
      if (!t) {
        t = ((key: string, options?: Options) => translate(ns, key, options)) as unknown as TFunction<Namespace>;
        fixed.set(ns, t);
      }
      return t as unknown as TFunction<N>;
    },
  };
}
