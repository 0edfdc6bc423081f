/**
 * /admin/bookings: a month calendar with each day's number of bookings and the chosen day's
 * bookings beside it (`?day=`, `?month=`), or the upcoming bookings as a plain paged list
 * (`?view=list`); both filtered by status (`?status=`). Everything is in business time.
 */
import { createContext, useContext, useEffect, useMemo, useRef, type CSSProperties } from "react";
import { DayPicker, type DayButtonProps } from "react-day-picker";
import { enGB, zhCN } from "react-day-picker/locale";
import { Link, useNavigation, useSearchParams } from "react-router";
import { useAdminLang } from "../admin-lang";
import { AdminPage, ButtonLink, EmptyState, FilterLinks, Pager, Panel, TableFrame, TD, TH } from "../ui";
import { BookingsTabs, businessDate, businessDay, businessRange, StatusBadge, useStatusLabels, type StatusFilter } from "./shared";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/bookings";

/** What the /admin/bookings loader sends. */
export type BookingsPageData = PageData<typeof loader>;
export type BookingItem = BookingsPageData["dayBookings"][number];

export function BookingsPage({ data }: { data: BookingsPageData }) {
  const { t } = useAdminWords("bookings", "list");
  return (
    <AdminPage title={t("title")} description={t("intro", { zone: data.timeZone })}>
      <BookingsTabs current={data.view} />
      <StatusFilterLinks status={data.status} />
      {data.view === "list" && data.upcoming ? <UpcomingList data={data} upcoming={data.upcoming} /> : <CalendarView data={data} />}
    </AdminPage>
  );
}

const FILTERS: readonly StatusFilter[] = ["all", "unsolved", "solved", "cancelled"];

function StatusFilterLinks({ status }: { status: StatusFilter }) {
  const { t } = useAdminWords("bookings", "list");
  const labels = useStatusLabels();
  return (
    <div className="mb-5">
      <FilterLinks
        label={t("filter")}
        param="status"
        value={status}
        options={FILTERS.map((value) => ({ value, label: value === "all" ? t("all") : labels[value] }))}
      />
    </div>
  );
}

// ---- calendar ----------------------------------------------------------------------------------

/** Noon of a business date in the business zone, as an instant: the date DayPicker shows for it. */
function noonIn(date: string, timeZone: string): Date {
  const guess = new Date(`${date}T12:00:00Z`);
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(guess).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const offset = m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return new Date(guess.getTime() - offset * 60_000);
}

/** The business date (YYYY-MM-DD) of an instant. */
function dateIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface DayCount {
  shown: number;
  unsolved: number;
}

const CountsContext = createContext<{ counts: Map<string, DayCount>; timeZone: string; label: (n: number) => string }>({
  counts: new Map(),
  timeZone: "UTC",
  label: String,
});

/** A day of the calendar: its number and, below it, how many bookings it has (amber with unsolved ones). */
function CountedDayButton({ day, modifiers, children, ...button }: DayButtonProps) {
  const { counts, timeZone, label } = useContext(CountsContext);
  const ref = useRef<HTMLButtonElement>(null);
  // DayPicker's own day button moves focus this way for arrow-key navigation.
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const count = counts.get(dateIn(day.date, timeZone));
  const n = count?.shown ?? 0;
  return (
    <button ref={ref} {...button} aria-label={n ? `${button["aria-label"] ?? ""}, ${label(n)}` : button["aria-label"]}>
      <span className="flex flex-col items-center gap-0.5 leading-none">
        <span>{children}</span>
        <span
          aria-hidden="true"
          className={`min-w-[1.25rem] rounded-full px-1 py-px text-[10px] font-semibold tabular-nums ${
            n === 0 ? "invisible" : count!.unsolved > 0 ? "bg-amber-200 text-amber-950" : "bg-slate-200 text-slate-700"
          }`}
        >
          {n}
        </span>
      </span>
    </button>
  );
}

const CALENDAR_STYLE = {
  "--rdp-accent-color": "var(--color-blue-700)",
  "--rdp-accent-background-color": "var(--color-blue-50)",
  "--rdp-day-height": "3.25rem",
  "--rdp-day-width": "2.75rem",
  "--rdp-day_button-height": "3rem",
  "--rdp-day_button-width": "2.6rem",
  "--rdp-day_button-border-radius": "0.5rem",
} as CSSProperties;

function CalendarView({ data }: { data: BookingsPageData }) {
  const { t } = useAdminWords("bookings", "list");
  const lang = useAdminLang();
  const labels = useStatusLabels();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/bookings";

  const counts = useMemo(() => {
    const map = new Map<string, DayCount>();
    for (const c of data.counts) {
      const shown = data.status === "all" ? c.unsolved + c.solved + c.cancelled : c[data.status];
      if (shown > 0) map.set(c.date, { shown, unsolved: c.unsolved });
    }
    return map;
  }, [data.counts, data.status]);
  const context = useMemo(() => ({ counts, timeZone: data.timeZone, label: (n: number) => t("count", { count: n }) }), [counts, data.timeZone, t]);

  const go = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) next.set(key, value);
    setParams(next, { preventScrollReset: true });
  };
  const pickDay = (day: string) => go({ day, month: day.slice(0, 7) });
  const dayLink = (day: string) => {
    const next = new URLSearchParams(params);
    next.set("day", day);
    next.set("month", day.slice(0, 7));
    return `?${next}`;
  };

  const dayTitle = businessDate(data.day, lang);
  const unsolvedToday = data.dayBookings.filter((b) => b.status === "unsolved").length;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 lg:grid-cols-[auto_minmax(0,1fr)]">
      <Panel>
        <CountsContext.Provider value={context}>
          <div className="flex justify-center" data-testid="bookings-calendar">
            <DayPicker
              mode="single"
              required
              timeZone={data.timeZone}
              locale={lang === "zh" ? zhCN : enGB}
              weekStartsOn={1}
              style={CALENDAR_STYLE}
              month={noonIn(`${data.month}-01`, data.timeZone)}
              onMonthChange={(m) => go({ month: dateIn(m, data.timeZone).slice(0, 7) })}
              selected={noonIn(data.day, data.timeZone)}
              onSelect={(d) => pickDay(dateIn(d, data.timeZone))}
              components={{ DayButton: CountedDayButton }}
            />
          </div>
        </CountsContext.Provider>
        <p className="mt-2 max-w-[19rem] text-xs text-slate-500">{counts.size ? t("calendarHint") : t("noneThisMonth")}</p>
      </Panel>

      <Panel
        title={
          <span>
            {dayTitle}
            {data.day === data.today ? <span className="ml-2 text-sm font-normal text-slate-500">({t("today")})</span> : null}
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-1">
            <ButtonLink small tone="ghost" to={dayLink(shiftDay(data.day, -1))}>
              ‹ {t("previousDay")}
            </ButtonLink>
            {data.day !== data.today ? (
              <ButtonLink small tone="ghost" to={dayLink(data.today)}>
                {t("today")}
              </ButtonLink>
            ) : null}
            <ButtonLink small tone="ghost" to={dayLink(shiftDay(data.day, 1))}>
              {t("nextDay")} ›
            </ButtonLink>
          </div>
        }
      >
        <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
          {data.dayBookings.length === 0 ? (
            <EmptyState title={data.status === "all" ? t("dayEmpty") : t("dayEmptyFiltered", { status: labels[data.status] })}>{t("dayEmptyHint")}</EmptyState>
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-600" role="status">
                {t("count", { count: data.dayBookings.length })}
                {unsolvedToday ? ` · ${t("unsolvedCount", { n: unsolvedToday })}` : ""}
              </p>
              <BookingTable caption={t("dayCaption", { day: dayTitle })} bookings={data.dayBookings} />
            </>
          )}
        </div>
      </Panel>
    </div>
  );
}

function BookingRow({ booking, withDate }: { booking: BookingItem; withDate?: boolean }) {
  const lang = useAdminLang();
  const muted = booking.status === "cancelled";
  return (
    <tr className={muted ? "text-slate-500" : undefined}>
      <td className={`${TD} whitespace-nowrap tabular-nums`}>
        {withDate ? <span className="block font-medium">{businessDay(booking.slot.start.slice(0, 10), lang)}</span> : null}
        {businessRange(booking.slot.start, booking.slot.end)}
      </td>
      <td className={`${TD} min-w-[11rem]`}>
        <Link
          to={`/admin/bookings/${booking.id}`}
          className={`font-medium underline-offset-2 hover:underline ${muted ? "text-slate-600 line-through" : "text-blue-800"}`}
        >
          {booking.company}
        </Link>
        <span className="mt-0.5 block font-mono text-xs text-slate-500">{booking.reference}</span>
      </td>
      <td className={`${TD} max-w-[14rem] break-words`}>{booking.account}</td>
      <td className={TD}>
        <StatusBadge status={booking.status} />
      </td>
    </tr>
  );
}

// ---- list ----------------------------------------------------------------------------------------

function UpcomingList({ data, upcoming }: { data: BookingsPageData; upcoming: { list: BookingItem[]; total: number } }) {
  const { t } = useAdminWords("bookings", "list");
  const labels = useStatusLabels();
  return (
    <Panel title={t("upcoming")}>
      <p className="mb-3 text-sm text-slate-600">
        {t("upcomingHint")} {upcoming.total ? t("count", { count: upcoming.total }) : ""}
      </p>
      {upcoming.list.length === 0 ? (
        <EmptyState title={data.status === "all" ? t("upcomingEmpty") : t("upcomingEmptyFiltered", { status: labels[data.status] })}>
          {t("upcomingEmptyHint")}
        </EmptyState>
      ) : (
        <>
          <BookingTable caption={t("upcoming")} bookings={upcoming.list} withDate />
          <Pager page={data.page} pageSize={data.pageSize} total={upcoming.total} />
        </>
      )}
    </Panel>
  );
}

/** A day's bookings (time first) or the upcoming ones (date first): one table shape. */
function BookingTable({ caption, bookings, withDate }: { caption: string; bookings: BookingItem[]; withDate?: boolean }) {
  const { t } = useAdminWords("bookings", "list");
  return (
    <TableFrame caption={caption}>
      <thead className="bg-slate-50">
        <tr>
          {[withDate ? t("date") : t("time"), t("company"), t("account"), t("status")].map((heading) => (
            <th key={heading} scope="col" className={TH}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {bookings.map((b) => (
          <BookingRow key={b.id} booking={b} withDate={withDate} />
        ))}
      </tbody>
    </TableFrame>
  );
}
