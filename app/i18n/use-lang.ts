import { createContext, useContext } from "react";
import { DEFAULT_LANG, type LangKey } from "./languages";

/**
 * The language of the page being shown. A plain context rather than react-i18next's hook:
 * every link needs it, and useTranslation costs far more per call (measured in bench/).
 */
export const LangContext = createContext<LangKey>(DEFAULT_LANG);

export function useLang(): LangKey {
  return useContext(LangContext);
}
