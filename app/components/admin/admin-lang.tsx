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
  return new Intl.DateTimeFormat(lang === "zh" ? "zh-CN" : "en-GB", options).format(date);
}
