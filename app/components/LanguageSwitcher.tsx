import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { SiteLink } from "./LocalizedLink";
import { LANGUAGES } from "~/i18n/languages";
import { useSiteLocale } from "~/i18n/use-lang";
import { switchLanguagePath } from "~/lib/urls/paths";
import { withoutTrackingParams } from "~/lib/urls/tracking-params";
import { useCloseOnNavigation } from "~/hooks/use-close-on-navigation";

/**
 * A disclosure listing every language by its native name. Each entry is a real link (crawlable,
 * works before hydration) to the same page, or the section list, in that language.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const site = useSiteLocale();
  const lang = site.lang;
  const { pathname, search } = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  const current = LANGUAGES.find((l) => l.key === lang)!;

  // Close after a choice, and on Escape, as a menu would.
  useCloseOnNavigation(details, pathname);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && details.current?.open) {
        details.current.open = false;
        details.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <details ref={details} className="group relative" data-testid="language-switcher">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label={t("language.current", { name: current.nativeName })}
      >
        <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
          <circle cx="10" cy="10" r="7.5" />
          <path d="M2.5 10h15M10 2.5c2 2.2 3 4.7 3 7.5s-1 5.3-3 7.5c-2-2.2-3-4.7-3-7.5s1-5.3 3-7.5z" />
        </svg>
        {/* Laptops and the narrowest phones: the globe alone (the summary is labelled), so the main
            sections fit, and a 360 px phone's header does not scroll sideways. */}
        <span lang={current.tag} className="max-sm:sr-only lg:max-2xl:sr-only">
          {current.nativeName}
        </span>
      </summary>
      <ul
        className="absolute right-0 z-50 mt-2 grid w-56 grid-cols-1 gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg sm:w-80 sm:grid-cols-2"
        aria-label={t("language.choose")}
        data-language-names=""
      >
        {LANGUAGES.map((l) => {
          const href = switchLanguagePath(pathname, l.key, site) + (l.key === lang ? withoutTrackingParams(search) : "");
          const props = {
            hrefLang: l.tag,
            lang: l.tag,
            "aria-current": l.key === lang ? ("true" as const) : undefined,
            className:
              "block rounded-md px-3 py-2 text-sm hover:bg-slate-100 aria-[current=true]:bg-indigo-50 aria-[current=true]:font-semibold aria-[current=true]:text-indigo-700",
          };
          return (
            <li key={l.key}>
              {/* A language on another host (mode hosts) is a full page load; otherwise a client navigation. */}
              {/^https?:/.test(href) ? (
                <a href={href} {...props}>
                  {l.nativeName}
                </a>
              ) : (
                <SiteLink href={href} {...props}>
                  {l.nativeName}
                </SiteLink>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
