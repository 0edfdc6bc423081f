import { useEffect, type RefObject } from "react";
import { Form, useNavigate } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useSiteLocale } from "~/i18n/use-lang";
import { localizePath } from "~/lib/urls/paths";
import { LocalizedLink } from "../LocalizedLink";

export const SEARCH_BAR_ID = "site-search-bar";
export const SEARCH_MENU_ID = "site-search-menu";
const SHORTCUT_HINT_ID = "site-search-shortcut";

function MagnifierIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" className={className} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4.5 4.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header's search box: a GET form to the search page in the page's language (works without
 * JavaScript). `/` and Ctrl/⌘+K focus it (useSearchShortcut); the shortcut is announced through
 * aria-keyshortcuts and a description.
 */
export function HeaderSearchForm({ id, className = "" }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const site = useSiteLocale();
  return (
    <Form
      method="get"
      action={localizePath("/search", site.lang, site.defaultLang)}
      role="search"
      aria-label={t("nav.search")}
      className={`relative ${className}`}
    >
      <label htmlFor={id} className="sr-only">
        {t("nav.searchPlaceholder")}
      </label>
      <MagnifierIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
      <input
        id={id}
        type="search"
        name="q"
        maxLength={100}
        enterKeyHint="search"
        placeholder={t("nav.searchPlaceholder")}
        aria-keyshortcuts="/ Control+K Meta+K"
        aria-describedby={SHORTCUT_HINT_ID}
        className="peer w-full rounded-lg border border-slate-300 bg-white py-2 pl-9 pr-8 text-sm placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
      />
      <kbd
        aria-hidden="true"
        className="pointer-events-none absolute right-2 top-1/2 -translate-y-1/2 rounded border border-slate-300 px-1.5 text-xs text-slate-500 peer-focus:hidden"
      >
        /
      </kbd>
    </Form>
  );
}

/** Where the header's search is below the width that shows its box: the search page. */
export function HeaderSearchLink({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <LocalizedLink to="/search" aria-label={t("nav.search")} aria-keyshortcuts="/ Control+K Meta+K" className={className}>
      <MagnifierIcon className="h-5 w-5" />
    </LocalizedLink>
  );
}

/** The shortcut's description, once per page, for the inputs' aria-describedby. */
export function SearchShortcutHint() {
  const { t } = useTranslation();
  return (
    <span id={SHORTCUT_HINT_ID} className="sr-only">
      {t("nav.searchShortcut")}
    </span>
  );
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

function visible(el: HTMLElement | null): el is HTMLElement {
  return !!el && el.getClientRects().length > 0;
}

/**
 * `/` (outside a text field) and Ctrl/⌘+K: focus the header's search box; on a narrow screen,
 * open the menu and focus its box; where neither shows, go to the search page.
 */
export function useSearchShortcut(menu: RefObject<HTMLDetailsElement | null>) {
  const navigate = useNavigate();
  const site = useSiteLocale();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const commandK = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k";
      const slash = e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target);
      if (!commandK && !slash) return;
      e.preventDefault();
      const bar = document.getElementById(SEARCH_BAR_ID) as HTMLInputElement | null;
      if (visible(bar)) {
        bar.focus();
        bar.select();
        return;
      }
      const details = menu.current;
      if (details && visible(details)) {
        details.open = true;
        const input = document.getElementById(SEARCH_MENU_ID) as HTMLInputElement | null;
        requestAnimationFrame(() => input?.focus());
        return;
      }
      void navigate(localizePath("/search", site.lang, site.defaultLang));
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menu, navigate, site.lang, site.defaultLang]);
}
