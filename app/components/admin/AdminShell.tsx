import { useEffect, useState, type ReactNode } from "react";
import { NavLink, useLocation, useNavigate, useRevalidator, Form } from "react-router";
import { canUse, type StaffArea, type StaffRole } from "@contracts/staff-access";
import { ADMIN_LANG_COOKIE, ADMIN_ZONE_COOKIE, type AdminLang } from "./admin-lang";
import { StaffFormFields } from "./staff-form";
import { ACCOUNT_FORMS } from "./account/account-forms";
import { useAdminWords } from "./admin-words";

/** The staff area's menu; each entry is named by its area (shell.nav in app/admin-locales). */
export const ADMIN_NAV: readonly { area: StaffArea; to: string }[] = [
  { area: "dashboard", to: "/admin" },
  { area: "content", to: "/admin/content" },
  { area: "coverage", to: "/admin/translations" },
  { area: "bookings", to: "/admin/bookings" },
  { area: "inbox", to: "/admin/inbox" },
  { area: "comments", to: "/admin/comments" },
  { area: "feedback", to: "/admin/feedback" },
  { area: "usage", to: "/admin/usage" },
  { area: "staff", to: "/admin/staff" },
  { area: "audit", to: "/admin/audit" },
  { area: "account", to: "/admin/account" },
];

export function AdminShell({ staff, lang, children }: { staff: { email: string; name: string; role: StaffRole }; lang: AdminLang; children: ReactNode }) {
  const { t } = useAdminWords("shell", "frame");
  const { t: shell } = useAdminWords("shell");
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => setOpen(false), [location.pathname]);
  const revalidator = useRevalidator();
  useEffect(() => {
    // Times are shown in the browser's zone: the server learns it from this cookie (one reload of the data).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && !document.cookie.split("; ").includes(`${ADMIN_ZONE_COOKIE}=${encodeURIComponent(zone)}`)) {
      document.cookie = `${ADMIN_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
      void revalidator.revalidate();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const switchLanguage = () => {
    document.cookie = `${ADMIN_LANG_COOKIE}=${lang === "en" ? "zh" : "en"}; Path=/; Max-Age=31536000; SameSite=Lax`;
    void navigate(`${location.pathname}${location.search}`, { replace: true });
  };

  const nav = (
    <ul className="space-y-0.5">
      {ADMIN_NAV.filter((item) => canUse(staff.role, item.area)).map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.to === "/admin"}
            className={({ isActive }) =>
              `block rounded-md px-3 py-2 text-sm no-underline ${isActive ? "bg-blue-700 font-medium text-white" : "text-slate-200 hover:bg-slate-800 hover:text-white"}`
            }
          >
            {shell(`nav.${item.area}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("skip")}
      </a>
      <header className="flex items-center justify-between bg-slate-900 px-4 py-3 text-white lg:hidden">
        <span className="font-semibold">{t("brand")}</span>
        <button
          type="button"
          className="rounded-md border border-slate-600 px-3 py-1.5 text-sm"
          aria-expanded={open}
          aria-controls="admin-nav"
          onClick={() => setOpen((v) => !v)}
        >
          {t("menu")}
        </button>
      </header>
      <aside
        id="admin-nav"
        className={`${open ? "block" : "hidden"} bg-slate-900 px-3 pb-4 text-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-60 lg:shrink-0 lg:flex-col lg:pt-5`}
      >
        <p className="mb-4 hidden px-3 font-semibold lg:block">{t("brand")}</p>
        <nav aria-label={t("navigation")} className="lg:flex-1 lg:overflow-y-auto">
          {nav}
        </nav>
        <div className="mt-4 border-t border-slate-700 px-3 pt-3 text-xs text-slate-300">
          <p className="truncate" title={staff.email}>
            {staff.name || staff.email}
          </p>
          <p>{t(`roles.${staff.role}`)}</p>
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              onClick={switchLanguage}
              aria-label={t("languageLabel")}
              lang={lang === "en" ? "zh-Hans" : "en"}
              data-language-names=""
              className="rounded border border-slate-600 px-2 py-1 text-slate-100 hover:bg-slate-800"
            >
              {t("language")}
            </button>
            {/* Posted to the account page's action from any staff page; it sends the browser to sign in. */}
            <Form method="post" action="/admin/account">
              <StaffFormFields intent={ACCOUNT_FORMS.signOut} />
              <button type="submit" className="rounded border border-slate-600 px-2 py-1 text-slate-100 hover:bg-slate-800">
                {t("signOut")}
              </button>
            </Form>
          </div>
        </div>
      </aside>
      <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
        {children}
      </main>
    </div>
  );
}
