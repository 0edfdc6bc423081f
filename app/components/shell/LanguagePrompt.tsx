import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { getLanguage, type LangKey } from "~/i18n/languages";
import { useSiteLocale } from "~/i18n/use-lang";
import { siteLanguageFor } from "~/lib/browser-language";
import { switchLanguagePath } from "~/lib/paths";
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
    if (readCookie(document.cookie, PREFERENCE_COOKIES.langPrompt)) return;
    const candidate = siteLanguageFor(navigator.languages?.length ? navigator.languages : [navigator.language]);
    setSuggested(candidate && candidate !== site.lang ? candidate : null);
  }, [site.lang]);

  if (!suggested) return null;
  const language = getLanguage(suggested);
  const remember = () => {
    writeCookie(PREFERENCE_COOKIES.langPrompt, "answered");
    setSuggested(null);
  };
  return (
    // Floats over the page (root.tsx places it) instead of pushing it down: it is decided after
    // the first paint (the cached page is the same for every browser language).
    <aside
      data-testid="language-prompt"
      aria-label={t("language.label")}
      className="pointer-events-auto absolute inset-x-0 bottom-full mx-auto mb-2 w-full max-w-3xl rounded-xl border border-indigo-100 bg-indigo-50 shadow-lg"
    >
      <div className="flex flex-wrap items-center gap-3 px-4 py-2 text-sm">
        <p className="basis-full text-slate-700 sm:flex-1 sm:basis-auto">{t("langPrompt.text", { language: language.nativeName })}</p>
        <a
          href={switchLanguagePath(pathname, suggested, site)}
          hrefLang={language.tag}
          onClick={remember}
          className="rounded-md bg-indigo-600 px-3 py-1.5 font-semibold text-white hover:bg-indigo-700"
        >
          {t("langPrompt.switch", { language: language.nativeName })}
        </a>
        <button type="button" onClick={remember} className="rounded-md px-3 py-1.5 text-slate-600 hover:bg-indigo-100">
          {t("langPrompt.dismiss")}
        </button>
      </div>
    </aside>
  );
}
