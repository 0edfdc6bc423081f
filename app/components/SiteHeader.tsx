import { Fragment, useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { LocalizedLink, LocalizedNavLink } from "./LocalizedLink";
import { Logo } from "./Logo";
import { SITE_NAME } from "~/lib/site";
import { useCloseOnNavigation } from "~/hooks/use-close-on-navigation";
import { HeaderAccountLinks, MenuAccountLinks } from "./passport/AccountLinks";
import { HeaderSearchForm, HeaderSearchLink, SEARCH_BAR_ID, SEARCH_MENU_ID, SearchShortcutHint, useSearchShortcut } from "./search/HeaderSearch";

type NavKey =
  "pricing" | "download" | "useCases" | "blog" | "news" | "helps" | "faq" | "release" | "partner" | "partnerPlan" | "referral" | "about" | "links" | "preSales";

export const NAV_GROUPS: ReadonlyArray<{ label: "resources" | "partners" | null; items: ReadonlyArray<[NavKey, string]> }> = [
  {
    label: null,
    items: [
      ["pricing", "/Pricing"],
      ["download", "/download"],
      ["useCases", "/scenarios"],
    ],
  },
  {
    label: "resources",
    items: [
      ["blog", "/blog"],
      ["news", "/news"],
      ["helps", "/helps"],
      ["faq", "/faq"],
      ["release", "/release"],
      ["links", "/links"],
    ],
  },
  {
    label: "partners",
    items: [
      ["partner", "/partner"],
      ["partnerPlan", "/partner-plan"],
      ["referral", "/referral-program"],
    ],
  },
  { label: null, items: [["about", "/about-us"]] },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 lg:px-2 xl:px-3 ${isActive ? "text-indigo-700" : "text-slate-700"}`;

export function SiteHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigation(menu, pathname);
  useSearchShortcut(menu);

  const link = ([key, to]: readonly [NavKey, string]) => (
    <li key={key}>
      <LocalizedNavLink to={to} className={linkClass} end={to !== "/blog" && to !== "/news" && to !== "/helps"}>
        {t(`nav.${key}`)}
      </LocalizedNavLink>
    </li>
  );

  // Laptop and up: the groups open as menus, so the main sections fit from 1024 px.
  const desktopGroups = NAV_GROUPS.map((group, i) =>
    group.label ? (
      <li key={group.label} className="relative">
        <details className="group/menu" data-nav-group={group.label}>
          <summary className="flex cursor-pointer list-none items-center gap-1 whitespace-nowrap rounded-md px-3 py-2 lg:px-2 xl:px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            {t(`nav.${group.label}`)}
            <svg viewBox="0 0 20 20" className="h-4 w-4 transition-transform group-open/menu:rotate-180" aria-hidden="true" fill="currentColor">
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
            </svg>
          </summary>
          <ul className="absolute left-0 top-full z-50 mt-1 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">{group.items.map(link)}</ul>
        </details>
      </li>
    ) : (
      <Fragment key={i}>{group.items.map(link)}</Fragment>
    ),
  );

  // Phones and tablets: one list, grouped under headings.
  const mobileGroups = NAV_GROUPS.map((group, i) =>
    group.label ? (
      <li key={group.label}>
        <span className="block px-3 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{t(`nav.${group.label}`)}</span>
        <ul>{group.items.map(link)}</ul>
      </li>
    ) : (
      <li key={i}>
        <ul>{group.items.map(link)}</ul>
      </li>
    ),
  );

  // A desktop menu closes when another opens, on Escape, on a click elsewhere and on navigation.
  const desktopNav = useRef<HTMLElement>(null);
  const navigatedFrom = useRef(pathname);
  useEffect(() => {
    const nav = desktopNav.current;
    if (!nav) return;
    const menus = () => [...nav.querySelectorAll<HTMLDetailsElement>("details")];
    if (navigatedFrom.current !== pathname) menus().forEach((d) => (d.open = false)); // not on mount
    navigatedFrom.current = pathname;
    const onToggle = (e: Event) => {
      const opened = e.target as HTMLDetailsElement;
      if (opened.open) menus().forEach((d) => d !== opened && (d.open = false));
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      const open = menus().find((d) => d.open);
      if (open) {
        open.open = false;
        open.querySelector("summary")?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!nav.contains(e.target as Node)) menus().forEach((d) => (d.open = false));
    };
    nav.addEventListener("toggle", onToggle, true);
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      nav.removeEventListener("toggle", onToggle, true);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [pathname]);

  return (
    // root.tsx holds the first paint until the whole page is parsed (rel="expect" #page-end), so its row never grows after it.
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        {/* The name holds the word mark where it shows (WCAG 2.5.3), and says where the link goes. */}
        <LocalizedLink to="/" aria-label={`${SITE_NAME} – ${t("nav.home")}`} className="shrink-0">
          <Logo inHeader />
        </LocalizedLink>
        <nav ref={desktopNav} aria-label={t("nav.label")} className="hidden lg:block">
          <ul className="flex items-center">{desktopGroups}</ul>
        </nav>
        <div className="flex items-center gap-2">
          <SearchShortcutHint />
          <HeaderSearchForm id={SEARCH_BAR_ID} className="hidden w-40 2xl:block" />
          {/* Phones have the box in the menu; from the width the menu gives way to the nav, the box or this link. */}
          <HeaderSearchLink className="hidden rounded-md p-2 text-slate-700 hover:bg-slate-100 sm:inline-flex 2xl:hidden" />
          <LanguageSwitcher />
          <HeaderAccountLinks />
          <details ref={menu} className="lg:hidden">
            <summary
              className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-label={t("nav.openMenu")}
            >
              <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <nav
              aria-label={t("nav.label")}
              className="absolute inset-x-0 top-full max-h-[80vh] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-4 shadow-lg"
            >
              <MenuAccountLinks />
              <HeaderSearchForm id={SEARCH_MENU_ID} className="mt-3" />
              <ul>
                {mobileGroups}
                <li>
                  <LocalizedNavLink to="/pre-sales" className={linkClass}>
                    {t("nav.preSales")}
                  </LocalizedNavLink>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
