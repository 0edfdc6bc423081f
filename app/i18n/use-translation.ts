import { createContext, createElement, useContext, type ReactNode } from "react";
import type { TFunction } from "i18next";
import { DEFAULT_LANG, type LangKey } from "./languages";
import { mergeMessages, type Messages, type MessageTree, type Namespace } from "./namespaces";
import { createTranslator, type Translator } from "./translator";
import { reportUnsentWord } from "./unsent-words";

const cache = new Map<string, Translator>();

/** Which parts of which namespaces a set of messages holds (selectors reach two levels into a namespace). */
function shape(tree: MessageTree, depth = 0): string {
  return Object.keys(tree)
    .sort()
    .map((key) => {
      const value = tree[key]!;
      return typeof value === "object" && depth < 3 ? `${key}(${shape(value, depth + 1)})` : key;
    })
    .join(",");
}

/**
 * The translator for one language and the sections the matched routes sent (the root's and the
 * page's). Locale files are fixed for a deployment, so one translator serves every render with the
 * same language and sections, on the server and in the browser.
 */
export function translatorFor(lang: LangKey, bundles: readonly (Messages | null | undefined)[]): Translator {
  const messages = mergeMessages(bundles);
  const key = `${lang}|${shape(messages as MessageTree)}`;
  let translator = import.meta.env.DEV ? undefined : cache.get(key);
  if (!translator) {
    translator = createTranslator(lang, messages, (ns, key) => reportUnsentWord(lang, ns, key));
    cache.set(key, translator);
  }
  return translator;
}

const TranslatorContext = createContext<Translator>(createTranslator(DEFAULT_LANG, {}));

export function TranslationProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: translator }, children);
}

/**
 * react-i18next's hook, for the site's runtime: `t` for one namespace, from the sections the page
 * was sent (a key of a section it was not sent comes back as the key, and is reported:
 * app/i18n/unsent-words.ts).
 */
export function useTranslation<N extends Namespace = "common">(ns?: N): { t: TFunction<N> } {
  return { t: useContext(TranslatorContext).fixedT((ns ?? "common") as N) };
}
