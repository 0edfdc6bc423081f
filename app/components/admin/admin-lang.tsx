/**
 * The staff area speaks English and Chinese (issue 13): staff pick one, kept in a cookie. Each
 * area keeps its words beside its components as `{ en, zh }`; the type makes both complete.
 */
import { createContext, useContext } from "react";

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
 * The zone staff times are shown in. The root layout sets it from its loader data before the
 * staff pages render, on the server and in the browser alike, so both format the same text
 * (no hydration mismatch); a render is synchronous, so concurrent requests cannot mix it up.
 */
let staffZone = "UTC";
export function setStaffZone(zone: string): void {
  staffZone = zone;
}

export function useAdminLang(): AdminLang {
  return useContext(AdminLangContext);
}

/** Words of one area in the staff member's language. */
export function useAdminText<T>(words: { en: T; zh: NoInfer<T> }): T {
  return words[useAdminLang()];
}

/** Dates and times in the staff member's language and the browser's zone (the server renders UTC until hydration). */
export function formatStaffTime(value: string | Date | null | undefined, lang: AdminLang, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value.includes("T") || value.includes("+") ? value : `${value}Z`) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(lang === "zh" ? "zh-CN" : "en-GB", { timeZone: staffZone, ...options }).format(date);
}
