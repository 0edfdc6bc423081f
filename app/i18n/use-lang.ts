import { useTranslation } from "react-i18next";
import { DEFAULT_LANG, isLangKey, type LangKey } from "./languages";

/** The language of the page being shown (each i18next instance is fixed to one language). */
export function useLang(): LangKey {
  const { i18n } = useTranslation();
  return isLangKey(i18n.language) ? i18n.language : DEFAULT_LANG;
}
