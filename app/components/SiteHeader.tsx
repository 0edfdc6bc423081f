import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { LocalizedLink, LocalizedNavLink } from "./LocalizedLink";
import { Logo } from "./Logo";

type NavKey = "pricing" | "download" | "blog" | "news" | "helps" | "faq" | "release" | "partner" | "partnerPlan" | "referral" | "about" | "links" | "preSales";

export const NAV_GROUPS: ReadonlyArray<{ label: "resources" | "partners" | null; items: ReadonlyArray<[NavKey, string]> }> = [
  { label: null, items: [["pricing", "/Pricing"], ["download", "/download"]] },
  {
    label: "resources",
    items: [["blog", "/blog"], ["news", "/news"], ["helps", "/helps"], ["faq", "/faq"], ["release", "/release"], ["links", "/links"]],
  },
  { label: "partners", items: [["partner", "/partner"], ["partnerPlan", "/partner-plan"], ["referral", "/referral-program"]] },
  { label: null, items: [["about", "/about-us"]] },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 ${isActive ? "text-indigo-700" : "text-slate-700"}`;

export function SiteHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  const groups = NAV_GROUPS.map((group, i) => {
    const items = group.items.map(([key, to]) => (
      <li key={key}>
        <LocalizedNavLink to={to} className={linkClass} end={to !== "/blog" && to !== "/news" && to !== "/helps"}>
          {t(`nav.${key}`)}
        </LocalizedNavLink>
      </li>
    ));
    return group.label ? (
      <li key={group.label} className="2xl:relative">
        <span className="block px-3 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500 2xl:hidden">{t(`nav.${group.label}`)}</span>
        <ul className="2xl:flex">{items}</ul>
      </li>
    ) : (
      <li key={i}>
        <ul className="2xl:flex">{items}</ul>
      </li>
    );
  });

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <LocalizedLink to="/" aria-label={t("nav.home")} className="shrink-0">
          <Logo />
        </LocalizedLink>
        <nav aria-label={t("nav.label")} className="hidden 2xl:block">
          <ul className="flex items-center">{groups}</ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <LocalizedLink
            to="/pre-sales"
            className="hidden whitespace-nowrap rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 sm:inline-block"
          >
            {t("nav.preSales")}
          </LocalizedLink>
          <details ref={menu} className="2xl:hidden">
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
              <ul>
                {groups}
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
