import { createContext, useContext } from "react";
import type { HostPlan } from "~/lib/urls/hosts";
import { DEFAULT_LANG, type LangKey } from "./languages";

export interface SiteLocale {
  lang: LangKey;
  /** The language of unprefixed paths on this host. */
  defaultLang: LangKey;
  hostPlan: HostPlan | null;
  host: string | undefined;
}

/**
 * The page's language and where languages live. A plain context rather than react-i18next's
 * hook: every link needs it, and useTranslation costs far more per call (measured in bench/).
 */
export const SiteLocaleContext = createContext<SiteLocale>({ lang: DEFAULT_LANG, defaultLang: DEFAULT_LANG, hostPlan: null, host: undefined });

export function useSiteLocale(): SiteLocale {
  return useContext(SiteLocaleContext);
}

export function useLang(): LangKey {
  return useContext(SiteLocaleContext).lang;
}
