import { type DayPickerLocale as Locale, enUS, es, fr, hi, ja, pt, ru, th, tr, uk, vi, zhCN, zhTW } from "react-day-picker/locale";
import { LANGUAGES, LANG_KEYS, type LangKey } from "~/i18n/languages";
import { fetchedOnce, type FetchedOnce } from "~/lib/fetched-once";

/**
 * The calendar's date-fns locale per language. The server has all thirteen; a browser fetches only
 * the language it shows (each 2-3 KB gzip: the thirteen were 20 KB of every booking page's first
 * load, docs/decisions/0045).
 */
const SERVER_LOCALES: Record<LangKey, Locale> = { zh: zhCN, en: enUS, ru, vn: vi, es, pt, tc: zhTW, tr, th, fr, uk, hi, jp: ja };

const LOADERS: Record<LangKey, () => Promise<Locale>> = {
  zh: () => import("react-day-picker/locale/zh-CN").then((m) => m.zhCN),
  en: () => import("react-day-picker/locale/en-US").then((m) => m.enUS),
  ru: () => import("react-day-picker/locale/ru").then((m) => m.ru),
  vn: () => import("react-day-picker/locale/vi").then((m) => m.vi),
  es: () => import("react-day-picker/locale/es").then((m) => m.es),
  pt: () => import("react-day-picker/locale/pt").then((m) => m.pt),
  tc: () => import("react-day-picker/locale/zh-TW").then((m) => m.zhTW),
  tr: () => import("react-day-picker/locale/tr").then((m) => m.tr),
  th: () => import("react-day-picker/locale/th").then((m) => m.th),
  fr: () => import("react-day-picker/locale/fr").then((m) => m.fr),
  uk: () => import("react-day-picker/locale/uk").then((m) => m.uk),
  hi: () => import("react-day-picker/locale/hi").then((m) => m.hi),
  jp: () => import("react-day-picker/locale/ja").then((m) => m.ja),
};

const LOCALES = Object.fromEntries(
  LANG_KEYS.map((lang) => [lang, fetchedOnce(import.meta.env.SSR ? SERVER_LOCALES[lang] : undefined, LOADERS[lang])]),
) as Record<LangKey, FetchedOnce<Locale>>;

/** The language's locale when it is here (always on the server), else undefined. */
export function dayPickerLocale(lang: LangKey): Locale | undefined {
  return LOCALES[lang].now();
}

/** Fetches a language's locale once; the same promise for every caller (React's `use` needs that). */
export function loadDayPickerLocale(lang: LangKey): Promise<Locale> {
  return LOCALES[lang].load();
}

/** The locale of a language that must be here: the calendar asked for it (`use`) before rendering. */
export function loadedDayPickerLocale(lang: LangKey): Locale {
  const locale = LOCALES[lang].now();
  if (!locale) throw new Error(`the calendar's ${lang} locale is not loaded`);
  return locale;
}

/**
 * In the browser, the page's own language is fetched as soon as the booking page's code runs,
 * before React hydrates it: hydration then seldom waits for it.
 */
export function preloadDocumentDayPickerLocale(): void {
  if (import.meta.env.SSR || typeof document === "undefined") return;
  const lang = LANGUAGES.find((l) => l.tag === document.documentElement.lang)?.key;
  if (lang) void loadDayPickerLocale(lang);
}
