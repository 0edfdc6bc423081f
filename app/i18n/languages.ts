/**
 * The one list of site languages. Everything else (routes, API validation, <html lang>,
 * hreflang, the switcher, the database seed) derives from it. See docs/decisions/0004.
 */
export const LANGUAGES = [
  { key: "zh", ogLocale: "zh_CN", tag: "zh-Hans", nativeName: "简体中文", dir: "ltr", locales: ["zh-CN", "zh-SG", "zh-Hans", "zh"] },
  { key: "en", ogLocale: "en_US", tag: "en", nativeName: "English", dir: "ltr", locales: ["en-US", "en-GB", "en"] },
  { key: "ru", ogLocale: "ru_RU", tag: "ru", nativeName: "Русский", dir: "ltr", locales: ["ru-RU", "ru"] },
  { key: "vn", ogLocale: "vi_VN", tag: "vi", nativeName: "Tiếng Việt", dir: "ltr", locales: ["vi-VN", "vi"] },
  { key: "es", ogLocale: "es_ES", tag: "es", nativeName: "Español", dir: "ltr", locales: ["es-ES", "es"] },
  { key: "pt", ogLocale: "pt_BR", tag: "pt", nativeName: "Português", dir: "ltr", locales: ["pt-PT", "pt-BR", "pt"] },
  { key: "tc", ogLocale: "zh_TW", tag: "zh-Hant", nativeName: "繁體中文", dir: "ltr", locales: ["zh-TW", "zh-HK", "zh-MO", "zh-Hant"] },
  { key: "tr", ogLocale: "tr_TR", tag: "tr", nativeName: "Türkçe", dir: "ltr", locales: ["tr-TR", "tr"] },
  { key: "th", ogLocale: "th_TH", tag: "th", nativeName: "ไทย", dir: "ltr", locales: ["th-TH", "th"] },
  { key: "fr", ogLocale: "fr_FR", tag: "fr", nativeName: "Français", dir: "ltr", locales: ["fr-FR", "fr"] },
  { key: "uk", ogLocale: "uk_UA", tag: "uk", nativeName: "Українська", dir: "ltr", locales: ["uk-UA", "uk"] },
  { key: "hi", ogLocale: "hi_IN", tag: "hi", nativeName: "हिन्दी", dir: "ltr", locales: ["hi-IN", "hi"] },
  { key: "jp", ogLocale: "ja_JP", tag: "ja", nativeName: "日本語", dir: "ltr", locales: ["ja-JP", "ja"] },
] as const satisfies readonly {
  key: string;
  /** Open Graph locale (language_TERRITORY). */
  ogLocale: string;
  tag: string;
  nativeName: string;
  dir: "ltr" | "rtl";
  locales: readonly string[];
}[];

export type Language = (typeof LANGUAGES)[number];
export type LangKey = Language["key"];

export const DEFAULT_LANG: LangKey = "en";
/** The spec's "Chinese group": both scripts count as Chinese for host and copy rules. */
export const CHINESE_LANGS: readonly LangKey[] = ["zh", "tc"];

export const LANG_KEYS = LANGUAGES.map((l) => l.key) as [LangKey, ...LangKey[]];

const byKey = new Map<string, Language>(LANGUAGES.map((l) => [l.key, l]));

export function isLangKey(value: unknown): value is LangKey {
  return typeof value === "string" && byKey.has(value);
}

export function getLanguage(key: LangKey): Language {
  return byKey.get(key)!;
}

/** A missing or unsupported value means the default language. */
export function resolveLang(value: unknown): LangKey {
  return isLangKey(value) ? value : DEFAULT_LANG;
}

export function isChinese(lang: LangKey): boolean {
  return CHINESE_LANGS.includes(lang);
}

/**
 * Where a visitor's language borrows what it lacks, nearest first: traditional Chinese from
 * simplified Chinese, then English; every other language from English; English from none.
 */
export function fallbackChain(lang: LangKey): LangKey[] {
  if (lang === DEFAULT_LANG) return [];
  return lang === "tc" ? ["zh", DEFAULT_LANG] : [DEFAULT_LANG];
}
