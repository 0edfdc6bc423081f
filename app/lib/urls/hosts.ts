import { DEFAULT_LANG, type LangKey } from "~/i18n/languages";

/**
 * Where each language lives. In modes with a mainland-China host (configured per mode, see
 * LANGUAGE_HOSTS in .env.example) Chinese lives unprefixed on that host and everything else on
 * the English host; otherwise every language lives on one origin, English unprefixed.
 */
export interface HostPlan {
  /** The English (international) origin, e.g. https://www.example.com */
  en: string;
  /** The mainland-China origin for Simplified Chinese, when this mode has one. */
  zh?: string;
}

export function hostOf(origin: string): string {
  return new URL(origin).host;
}

/** The language of unprefixed paths on a host: Chinese on the mainland-China host, English elsewhere. */
export function defaultLangForHost(plan: HostPlan, host: string | undefined): LangKey {
  return plan.zh && host && hostOf(plan.zh) === host ? "zh" : DEFAULT_LANG;
}

/** The origin that serves a language. */
export function originForLang(plan: HostPlan, lang: LangKey): string {
  return lang === "zh" && plan.zh ? plan.zh : plan.en;
}
