/**
 * The staff area speaks English and Chinese (issue 13): staff pick one, kept in a cookie. Its words
 * are in app/admin-locales (admin-words.ts); its times are shown in the staff member's zone.
 */
import { createContext, useContext, useMemo } from "react";

export const ADMIN_LANGS = ["en", "zh"] as const;
export type AdminLang = (typeof ADMIN_LANGS)[number];
export const ADMIN_LANG_COOKIE = "admin_lang";

export function adminLangOf(cookieHeader: string | null): AdminLang {
  const match = /(?:^|;\s*)admin_lang=(en|zh)(?:;|$)/.exec(cookieHeader ?? "");
  return (match?.[1] as AdminLang | undefined) ?? "en";
}

export const AdminLangContext = createContext<AdminLang>("en");

/** The staff member's time zone, kept in a cookie the staff shell sets from the browser. */
export const ADMIN_ZONE_COOKIE = "admin_tz";

export function adminZoneOf(cookieHeader: string | null): string {
  const match = /(?:^|;\s*)admin_tz=([\w%+\-/]{1,64})(?:;|$)/.exec(cookieHeader ?? "");
  const zone = match ? decodeURIComponent(match[1]!) : "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}

/**
 * The zone staff times are shown in, from the root loader's data (the `admin_tz` cookie), so the
 * server and the browser format the same text (no hydration mismatch). A context, not a module
 * variable: a render that suspends or interleaves with another request cannot pick up its zone.
 */
export const AdminZoneContext = createContext("UTC");

export function useAdminLang(): AdminLang {
  return useContext(AdminLangContext);
}

/** The language and zone staff times are written in. */
export interface StaffLocale {
  lang: AdminLang;
  zone: string;
}

export function useStaffLocale(): StaffLocale {
  const lang = useAdminLang();
  const zone = useContext(AdminZoneContext);
  return useMemo(() => ({ lang, zone }), [lang, zone]);
}

/** Dates and times in the staff member's language and zone (an explicit `timeZone` option wins). */
export function formatStaffTime(
  value: string | Date | null | undefined,
  locale: StaffLocale,
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" },
): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value.includes("T") || value.includes("+") ? value : `${value}Z`) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(locale.lang === "zh" ? "zh-CN" : "en-GB", { timeZone: locale.zone, ...options }).format(date);
}
