import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { getLanguage, type LangKey } from "~/i18n/languages";
import { useSiteLocale } from "~/i18n/use-lang";
import { LANGUAGE_TABLE, pickSiteLanguage, suggestedLanguage } from "~/lib/browser-language";
import { VISITOR_STATE_ATTRIBUTES } from "~/lib/visitor-state";
import { announceOverlayClosed } from "./overlays";
import { CloseIcon } from "./CloseIcon";
import { switchLanguagePath } from "~/lib/urls/paths";
import { PREFERENCE_COOKIES, readCookie, writeCookie } from "~/lib/preferences";

/**
 * Suggests the browser's language when it differs from the page's, once: dismissing or following
 * it is remembered. Pages never redirect by browser language (crawlers must get the URL's own).
 */
export function LanguagePrompt() {
  const { t } = useTranslation();
  const site = useSiteLocale();
  const { pathname } = useLocation();
  const [suggested, setSuggested] = useState<LangKey | null>(null);

  useEffect(() => {
    const locales = navigator.languages?.length ? navigator.languages : [navigator.language];
    const candidate = readCookie(document.cookie, PREFERENCE_COOKIES.langPrompt)
      ? null
      : (suggestedLanguage(LANGUAGE_TABLE, locales, getLanguage(site.lang).tag, pickSiteLanguage) as LangKey | null);
    setSuggested(candidate);
    // The mark the visitor-state script set before the first paint keeps the consent banner behind this prompt.
    document.documentElement.toggleAttribute(VISITOR_STATE_ATTRIBUTES.langPrompt, candidate !== null);
  }, [site.lang]);

  if (!suggested) return null;
  const language = getLanguage(suggested);
  const remember = () => {
    writeCookie(PREFERENCE_COOKIES.langPrompt, "answered");
    setSuggested(null);
    document.documentElement.removeAttribute(VISITOR_STATE_ATTRIBUTES.langPrompt);
    announceOverlayClosed();
  };
  return (
    // Floats over the page (root.tsx places it) instead of pushing it down: it appears after
    // hydration (the cached page is the same for every browser language).
    <aside
      data-testid="language-prompt"
      data-overlay
      aria-label={t("language.label")}
      className="pointer-events-auto w-full max-w-2xl rounded-xl border border-indigo-100 bg-indigo-50 shadow-lg"
    >
      {/* Phones: the switch and a close button on one line, so the prompt leaves the page in sight (docs/decisions/0032). */}
      <div className="flex items-center gap-2 px-2 py-2 text-sm sm:gap-3 sm:px-4">
        <p className="hidden text-slate-700 sm:block sm:flex-1">{t("langPrompt.text", { language: language.nativeName })}</p>
        <a
          href={switchLanguagePath(pathname, suggested, site)}
          hrefLang={language.tag}
          onClick={remember}
          className="min-w-0 flex-1 rounded-md bg-indigo-600 px-3 py-1.5 font-semibold text-white hover:bg-indigo-700 sm:flex-none"
        >
          {t("langPrompt.switch", { language: language.nativeName })}
        </a>
        <button type="button" onClick={remember} className="hidden rounded-md px-3 py-1.5 text-slate-700 hover:bg-indigo-100 sm:block">
          {t("langPrompt.dismiss")}
        </button>
        <button
          type="button"
          onClick={remember}
          aria-label={t("langPrompt.dismiss")}
          className="shrink-0 rounded-md p-2 text-slate-700 hover:bg-indigo-100 sm:hidden"
        >
          <CloseIcon />
        </button>
      </div>
    </aside>
  );
}
