import type { LangKey } from "~/i18n/languages";

/** APP_LOGIN_URL and APP_SIGNUP_URL: the application's sign-in and registration pages. */
export interface AccountUrls {
  signIn: string;
  signUp: string;
}

/** The codes a visitor may arrive with: a referral (?ref=) and an invitation (?invite=). */
export interface ArrivalCodes {
  invite: string;
  ref: string;
}

const CODE_NAMES = ["invite", "ref"] as const;
const CODE = /^[\w-]{1,64}$/;

/**
 * Keeps the codes of the address the visitor arrived at for the rest of the visit (this tab), so
 * signing up from any later page still credits the referrer; returns what is kept.
 */
export function rememberArrivalCodes(search: string, storage: Pick<Storage, "getItem" | "setItem">): ArrivalCodes {
  const params = new URLSearchParams(search);
  for (const name of CODE_NAMES) {
    const value = params.get(name);
    if (value && CODE.test(value)) storage.setItem(`arrival-${name}`, value);
  }
  return { invite: storage.getItem("arrival-invite") ?? "", ref: storage.getItem("arrival-ref") ?? "" };
}

/**
 * The application's page in the reader's language (the site's language key, as one-tap sends it),
 * carrying the codes the visitor arrived with. A code already in the configured address stays.
 */
export function accountHref(base: string, lang: LangKey, codes: Partial<ArrivalCodes> = {}): string {
  const url = new URL(base);
  url.searchParams.set("lang", lang);
  for (const name of CODE_NAMES) {
    const value = codes[name];
    if (value && CODE.test(value)) url.searchParams.set(name, value);
  }
  return url.href;
}
