/**
 * What the bookings pages share: status badges, the area's tabs and the ways a time is written
 * (slot times in the business zone, as the API gives them; the staff member's own zone only
 * after hydration, since the server cannot know it).
 */
import { useEffect, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { Link } from "react-router";
import { formatStaffTime, useStaffLocale, type AdminLang } from "../admin-lang";
import { Badge } from "../ui";
import { useAdminWords } from "../admin-words";

export type BookingStatus = "unsolved" | "solved" | "cancelled";
export type StatusFilter = "all" | BookingStatus;

const STATUS_TONES = { unsolved: "amber", solved: "green", cancelled: "neutral" } as const;

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useAdminWords("bookings", "shared");
  return <Badge tone={STATUS_TONES[status]}>{t(`status.${status}`)}</Badge>;
}

export function useStatusLabels(): Record<BookingStatus, string> {
  const { t } = useAdminWords("bookings", "shared");
  return { unsolved: t("status.unsolved"), solved: t("status.solved"), cancelled: t("status.cancelled") };
}

/** Calendar, list and schedule: the three pages of the area, as tabs. */
export function BookingsTabs({ current }: { current: "calendar" | "list" | "schedule" }) {
  const { t } = useAdminWords("bookings", "shared");
  const tabs = [
    { key: "calendar", to: "/admin/bookings", label: t("calendar") },
    { key: "list", to: "/admin/bookings?view=list", label: t("list") },
    { key: "schedule", to: "/admin/bookings/schedule", label: t("schedule") },
  ] as const;
  return (
    <nav aria-label={t("tabs")} className="mb-5 flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === current ? "page" : undefined}
          className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap no-underline focus-visible:outline-2 focus-visible:outline-blue-700 ${
            tab.key === current ? "border-blue-700 text-blue-800" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
          }`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

const tag = (lang: AdminLang) => (lang === "zh" ? "zh-CN" : "en-GB");

/** "10:00" of an ISO time written with the business zone's offset. */
export function businessClock(iso: string): string {
  return iso.slice(11, 16);
}

/** A slot's "10:00–11:00" in business time. */
export function businessRange(start: string, end: string): string {
  return `${businessClock(start)}–${businessClock(end)}`;
}

/** A business date (YYYY-MM-DD) written out: "Monday 23 November 2026" / "2026年11月23日星期一". */
export function businessDate(date: string, lang: AdminLang, style: "full" | "medium" | "short" = "full"): string {
  return new Intl.DateTimeFormat(tag(lang), { dateStyle: style, timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

/** A business date with a short weekday: "Mon 23 Nov" / "11月23日周一". */
export function businessDay(date: string, lang: AdminLang): string {
  return new Intl.DateTimeFormat(tag(lang), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

/** The weekday of a business date, short: "Fri" / "周五". */
export function businessWeekday(date: string, lang: AdminLang): string {
  return new Intl.DateTimeFormat(tag(lang), { weekday: "short", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

/** The offset of an ISO time written with one ("+08:00"), as "UTC+08:00". */
export function offsetLabel(iso: string): string {
  const offset = iso.slice(19);
  return offset === "Z" || offset === "+00:00" ? "UTC" : `UTC${offset}`;
}

/** The staff member's own time zone, after hydration; null before. */
export function useBrowserZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return zone;
}

/** An instant in the staff member's zone, written in full ("Mon 23 Nov 2026, 03:00"). */
export function zoneTime(iso: string, zone: string, lang: AdminLang, withDate = true): string {
  return new Intl.DateTimeFormat(tag(lang), {
    timeZone: zone,
    ...(withDate ? { weekday: "short", day: "numeric", month: "short", year: "numeric" } : {}),
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

/** Whether the staff member's zone shows the same wall-clock time as the business zone at that instant. */
export function sameWallClock(iso: string, zone: string): boolean {
  const wall = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(new Date(iso))
    .replace(",", "");
  return wall === `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A stored instant (created, cancelled): UTC on the server and during hydration, the staff member's zone after. */
export function StaffInstant({ value }: { value: string | null }) {
  const locale = useStaffLocale();
  const hydrated = useHydrated();
  if (!value) return <>—</>;
  const text = formatStaffTime(value, locale, { dateStyle: "medium", timeStyle: "short", ...(hydrated ? {} : { timeZone: "UTC" }) });
  return (
    <time dateTime={value} suppressHydrationWarning>
      {hydrated ? text : `${text} UTC`}
    </time>
  );
}
