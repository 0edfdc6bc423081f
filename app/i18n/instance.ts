import i18next, { type i18n, type Resource } from "i18next";
import { DEFAULT_LANG, type LangKey } from "./languages";

export type LanguageBundle = Record<string, unknown>;

const instances = new Map<LangKey, i18n>();

/**
 * One i18next instance per language, built from the strings the server sent for that language
 * only. Instances never change language, so they can be shared between renders.
 */
export function getI18n(lang: LangKey, bundle: LanguageBundle): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: false,
      defaultNS: "common",
      ns: Object.keys(bundle),
      resources: { [lang]: bundle } as Resource,
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    });
    instances.set(lang, instance);
  }
  return instance;
}

export { DEFAULT_LANG };
