import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { accountHref, rememberArrivalCodes, type AccountUrls, type ArrivalCodes } from "./account-links";

/**
 * The application's addresses with the reader's language; the codes the visitor arrived with are
 * added once hydrated (the page is the same cached HTML for everyone, docs/decisions/0021), so
 * before that the links still work, without the referral.
 */
function useAccountHrefs(): { signIn: string; signUp: string } | null {
  const urls = useRouteLoaderData<{ accountUrls?: AccountUrls }>("root")?.accountUrls;
  const lang = useLang();
  const [codes, setCodes] = useState<ArrivalCodes | null>(null);
  useEffect(() => setCodes(rememberArrivalCodes(window.location.search, sessionStorage)), []);
  if (!urls) return null;
  return { signIn: accountHref(urls.signIn, lang, codes ?? {}), signUp: accountHref(urls.signUp, lang, codes ?? {}) };
}

/** The header's "Log in" and "Sign up" (docs/decisions/0032): the quiet link from laptops up, the button everywhere. */
export function HeaderAccountLinks() {
  const { t } = useTranslation();
  const hrefs = useAccountHrefs();
  if (!hrefs) return null;
  return (
    <>
      <a
        href={hrefs.signIn}
        data-track="header-sign-in"
        className="hidden whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 lg:inline-block"
      >
        {t("account.signIn")}
      </a>
      <a
        href={hrefs.signUp}
        data-track="header-sign-up"
        data-testid="header-sign-up"
        className="whitespace-nowrap rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700 sm:px-4"
      >
        {t("account.signUp")}
      </a>
    </>
  );
}

/** The same two in the phone and tablet menu, side by side at its top. */
export function MenuAccountLinks() {
  const { t } = useTranslation();
  const hrefs = useAccountHrefs();
  if (!hrefs) return null;
  return (
    <div className="mt-3 grid grid-cols-2 gap-2" data-testid="menu-account-links">
      <a
        href={hrefs.signIn}
        data-track="menu-sign-in"
        className="rounded-lg border border-slate-300 px-3 py-2 text-center text-sm font-semibold text-slate-800 hover:border-indigo-400"
      >
        {t("account.signIn")}
      </a>
      <a
        href={hrefs.signUp}
        data-track="menu-sign-up"
        className="rounded-lg bg-indigo-600 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-indigo-700"
      >
        {t("account.signUp")}
      </a>
    </div>
  );
}
