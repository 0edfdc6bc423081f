/**
 * /admin/bookings/schedule: the weekly hours (per weekday: open or closed, one or more periods
 * with their slot length and places), the closed dates ahead, and the slots of the next two weeks
 * with their places. The editor checks the server's own rules (contracts/booking-schedule.ts) first
 * and says which row is wrong; saving makes the slots again at once.
 */
import { useMemo, useState, type FormEvent } from "react";
import { API_ERRORS } from "@contracts/api-errors";
import { Link, useRevalidator } from "react-router";
import { periodProblems, SCHEDULE_LIMITS, slotCount, WEEKDAY_ORDER, type PeriodProblem } from "@contracts/booking-schedule";
import { useAdminLang } from "../admin-lang";
import { AdminPage, Button, ButtonLink, EmptyState, Notice, Panel, TextField } from "../ui";
import { useStaffSubmit } from "../staff-form";
import { BookingsTabs, businessDate, businessDay, businessRange, businessWeekday } from "./shared";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/booking-schedule";

/** The limits the period problems name. */
const LIMIT_VALUES = {
  slotMin: SCHEDULE_LIMITS.slotMinutes.min,
  slotMax: SCHEDULE_LIMITS.slotMinutes.max,
  capacityMin: SCHEDULE_LIMITS.capacity.min,
  capacityMax: SCHEDULE_LIMITS.capacity.max,
  periodsPerDay: SCHEDULE_LIMITS.periodsPerDay,
};

/** The weekly hours and the closed dates, posted to the schedule page's action (the /api/admin/bookings schedule endpoints' declarations). */
export const SCHEDULE_FORMS = { save: "schedule-save", closeDay: "closed-date-add", reopenDay: "closed-date-remove" } as const;

interface SlotChanges {
  removed: number;
  closed: number;
  written: number;
}

/** What the /admin/bookings/schedule loader sends. */
export type SchedulePageData = PageData<typeof loader>;
type Period = SchedulePageData["periods"][number];
type ClosedDate = SchedulePageData["closedDates"][number];
type SlotAhead = SchedulePageData["slots"][number];

type EditorNotice = { tone: "success" | "error"; text: string; conflict?: boolean } | null;

export function SchedulePage({ data }: { data: SchedulePageData }) {
  const { t } = useAdminWords("bookings", "schedule");
  const [scheduleNotice, setScheduleNotice] = useState<EditorNotice>(null);
  return (
    <AdminPage title={t("title")} description={t("intro", { zone: data.timeZone })} actions={<ButtonLink to="/admin/bookings">{t("back")}</ButtonLink>}>
      <BookingsTabs current="schedule" />
      <div className="space-y-6">
        {/* A new version (saved here or elsewhere) starts the editor afresh; its last message stays. */}
        <WeeklyHours key={data.version} version={data.version} periods={data.periods} notice={scheduleNotice} onNotice={setScheduleNotice} />
        <ClosedDates today={data.today} closed={data.closedDates} />
        <SlotsAheadPanel slots={data.slots} days={data.days} />
      </div>
    </AdminPage>
  );
}

// ---- weekly hours ----------------------------------------------------------------------------

interface Row {
  key: number;
  start_time: string;
  end_time: string;
  slot_minutes: string;
  capacity: string;
}
type Week = Record<number, { open: boolean; rows: Row[] }>;

let rowSeq = 0;
const newRow = (p: Omit<Row, "key">): Row => ({ key: ++rowSeq, ...p });

function weekOf(periods: readonly Period[]): Week {
  const week: Week = {};
  for (const wd of WEEKDAY_ORDER) {
    const rows = periods
      .filter((p) => p.weekday === wd)
      .map((p) => newRow({ start_time: p.start_time, end_time: p.end_time, slot_minutes: String(p.slot_minutes), capacity: String(p.capacity) }));
    week[wd] = { open: rows.length > 0, rows };
  }
  return week;
}

/** What would be sent: the periods of the open weekdays, each with its place in the week (for the messages). */
function flatten(week: Week): { periods: { weekday: number; start_time: string; end_time: string; slot_minutes: number; capacity: number }[]; keys: number[] } {
  const periods = [];
  const keys = [];
  for (const wd of WEEKDAY_ORDER) {
    if (!week[wd]!.open) continue;
    for (const r of week[wd]!.rows) {
      periods.push({
        weekday: wd,
        start_time: r.start_time,
        end_time: r.end_time,
        slot_minutes: Number(r.slot_minutes || NaN),
        capacity: Number(r.capacity || NaN),
      });
      keys.push(r.key);
    }
  }
  return { periods, keys };
}

const signature = (week: Week) => JSON.stringify(flatten(week).periods);

/** A new period: after the day's last one when there is room, else the week's first hours, else 10:00–12:00. */
function suggestRow(week: Week, weekday: number): Row {
  const rows = week[weekday]!.rows;
  const last = rows.at(-1);
  if (last && /^\d{2}:\d{2}$/.test(last.end_time) && last.end_time <= "21:00") {
    const [h, m] = last.end_time.split(":").map(Number) as [number, number];
    const start = `${String(h + 1).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
    const end = `${String(Math.min(h + 3, 23)).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
    return newRow({ start_time: start, end_time: end, slot_minutes: last.slot_minutes, capacity: last.capacity });
  }
  const model = WEEKDAY_ORDER.map((wd) => week[wd]!).find((d) => d.open && d.rows.length)?.rows[0];
  return newRow(model ? { ...model } : { start_time: "10:00", end_time: "12:00", slot_minutes: "60", capacity: "3" });
}

function WeeklyHours({
  version,
  periods,
  notice,
  onNotice: setNotice,
}: {
  version: string;
  periods: Period[];
  notice: EditorNotice;
  onNotice: (n: EditorNotice) => void;
}) {
  const { t } = useAdminWords("bookings", "schedule");
  const action = useStaffSubmit();
  const revalidator = useRevalidator();
  const initial = useMemo(() => weekOf(periods), [periods]);
  const [week, setWeek] = useState<Week>(initial);
  const [showProblems, setShowProblems] = useState(false);

  const { periods: flat, keys } = flatten(week);
  const problems = new Map([...periodProblems(flat)].map(([index, problem]) => [keys[index]!, problem]));
  const dirty = signature(week) !== signature(initial);

  const update = (weekday: number, change: (day: Week[number]) => Week[number]) => {
    setWeek((w) => ({ ...w, [weekday]: change(w[weekday]!) }));
    setNotice(null);
  };
  const setField = (weekday: number, key: number, field: keyof Omit<Row, "key">, value: string) =>
    update(weekday, (d) => ({ ...d, rows: d.rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)) }));
  const toggle = (weekday: number, open: boolean) =>
    setWeek((w) => ({ ...w, [weekday]: { open, rows: open && w[weekday]!.rows.length === 0 ? [suggestRow(w, weekday)] : w[weekday]!.rows } }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (problems.size) {
      setShowProblems(true);
      setNotice({ tone: "error", text: t("fixFirst") });
      document.querySelector<HTMLElement>("[data-period-invalid=true] input")?.focus();
      return;
    }
    // The periods are one field of JSON text: a grid of rows, which the page's action reads back for the endpoint.
    const r = await action.submit<{ changed: boolean; slots: SlotChanges | null }>(SCHEDULE_FORMS.save, { periods: JSON.stringify(flat), version });
    const c = r.ok && r.data.changed ? r.data.slots : null;
    if (r.ok) setNotice({ tone: "success", text: c === null ? t("savedNothing") : c.closed ? t("savedKept", { ...c }) : t("saved", { ...c }) });
    else setNotice({ tone: "error", text: r.detail ? `${r.message} ${r.detail}` : r.message, conflict: r.code === API_ERRORS.editConflict.code });
  };

  return (
    <Panel title={t("weekly")}>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{t("weeklyHint")}</p>
      <form onSubmit={(e) => void save(e)} noValidate>
        <div className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {WEEKDAY_ORDER.map((wd) => {
            const day = week[wd]!;
            const name = t(`weekdays.${wd}`)!;
            return (
              <fieldset key={wd} className="grid gap-3 p-3 md:grid-cols-[10rem_minmax(0,1fr)] md:p-4">
                <legend className="sr-only">{name}</legend>
                <div className="flex items-center justify-between gap-3 md:block">
                  <p className="font-medium text-slate-900" aria-hidden="true">
                    {name}
                  </p>
                  <label className="flex items-center gap-2 text-sm text-slate-700 md:mt-1">
                    <input type="checkbox" checked={day.open} onChange={(e) => toggle(wd, e.target.checked)} className="h-4 w-4 accent-blue-700" />
                    {t("open")}
                  </label>
                </div>
                {day.open ? (
                  <div className="space-y-3">
                    {day.rows.map((row, i) => {
                      const found = problems.get(row.key);
                      const problem = found && (showProblems || touchedProblem(found)) ? found : undefined;
                      const slots = slotCount(row.start_time, row.end_time, Number(row.slot_minutes));
                      return (
                        <div
                          key={row.key}
                          data-period-invalid={problem ? "true" : undefined}
                          className={`rounded-md ${problem ? "-mx-2 bg-red-50 px-2 py-2 ring-1 ring-red-200" : ""}`}
                        >
                          <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-4 sm:gap-3 xl:grid-cols-[repeat(4,minmax(0,1fr))_12rem]">
                            <TextField
                              label={t("start")}
                              type="time"
                              step={300}
                              required
                              value={row.start_time}
                              onChange={(e) => setField(wd, row.key, "start_time", e.target.value)}
                            />
                            <TextField
                              label={t("end")}
                              type="time"
                              step={300}
                              required
                              value={row.end_time}
                              onChange={(e) => setField(wd, row.key, "end_time", e.target.value)}
                            />
                            <TextField
                              label={t("slotMinutes")}
                              type="number"
                              inputMode="numeric"
                              min={SCHEDULE_LIMITS.slotMinutes.min}
                              max={SCHEDULE_LIMITS.slotMinutes.max}
                              step={5}
                              required
                              value={row.slot_minutes}
                              onChange={(e) => setField(wd, row.key, "slot_minutes", e.target.value)}
                            />
                            <TextField
                              label={t("capacity")}
                              type="number"
                              inputMode="numeric"
                              min={SCHEDULE_LIMITS.capacity.min}
                              max={SCHEDULE_LIMITS.capacity.max}
                              required
                              value={row.capacity}
                              onChange={(e) => setField(wd, row.key, "capacity", e.target.value)}
                            />
                            <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-4 xl:col-span-1 xl:pb-2">
                              <span className="text-xs whitespace-nowrap text-slate-500">
                                {t("summary", { slots: t("slots", { count: slots }), places: t("places", { count: slots * (Number(row.capacity) || 0) }) })}
                              </span>
                              <Button
                                small
                                tone="ghost"
                                aria-label={t("removePeriodLabel", { day: name, n: i + 1 })}
                                onClick={() => update(wd, (d) => ({ open: d.rows.length > 1, rows: d.rows.filter((r) => r.key !== row.key) }))}
                              >
                                {t("removePeriod")}
                              </Button>
                            </div>
                          </div>
                          {problem ? (
                            <p className="mt-1 text-xs font-medium text-red-700" role="alert">
                              {t(`problems.${problem}`, LIMIT_VALUES)}
                            </p>
                          ) : null}
                        </div>
                      );
                    })}
                    {day.rows.length < SCHEDULE_LIMITS.periodsPerDay ? (
                      <Button small onClick={() => update(wd, (d) => ({ ...d, rows: [...d.rows, suggestRow(week, wd)] }))}>
                        + {t("addPeriod")}
                      </Button>
                    ) : null}
                  </div>
                ) : (
                  <p className="self-center text-sm text-slate-500">{t("closed")}</p>
                )}
              </fieldset>
            );
          })}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="submit" tone="primary" disabled={action.busy || !dirty}>
            {action.busy ? t("saving") : t("save")}
          </Button>
          <Button
            disabled={action.busy || !dirty}
            onClick={() => {
              setWeek(weekOf(periods));
              setShowProblems(false);
              setNotice(null);
            }}
          >
            {t("reset")}
          </Button>
          <span className="text-sm text-slate-500" aria-live="polite">
            {dirty ? t("unsaved") : t("upToDate")}
          </span>
        </div>
        {notice ? (
          <div className="mt-4">
            <Notice tone={notice.tone}>
              {notice.text}{" "}
              {notice.conflict ? (
                <button type="button" className="font-medium underline" onClick={() => void revalidator.revalidate()}>
                  {t("reload")}
                </button>
              ) : null}
            </Notice>
          </div>
        ) : null}
      </form>
    </Panel>
  );
}

/** Problems worth showing while the staff member is still typing: the ones about how periods fit together. */
function touchedProblem(problem: PeriodProblem): boolean {
  return problem === "order" || problem === "too_short" || problem === "overlap" || problem === "too_many";
}

// ---- closed dates ------------------------------------------------------------------------------

function ClosedDates({ today, closed }: { today: string; closed: ClosedDate[] }) {
  const { t } = useAdminWords("bookings", "schedule");
  const lang = useAdminLang();
  const action = useStaffSubmit();
  const [day, setDay] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ day?: string; reason?: string }>({});
  const [notice, setNotice] = useState<{ tone: "success" | "error" | "info"; text: string; day?: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found = { day: day ? undefined : t("dayRequired"), reason: reason.trim() ? undefined : t("reasonRequired") };
    setErrors(found);
    if (found.day || found.reason) return;
    setBusy("add");
    const r = await action.submit<{ closed: ClosedDate }>(SCHEDULE_FORMS.closeDay, { day, reason: reason.trim() });
    setBusy(null);
    if (!r.ok) {
      if (r.fieldErrors.day) setErrors({ day: r.fieldErrors.day });
      else setNotice({ tone: "error", text: r.message });
      return;
    }
    const label = businessDate(r.data.closed.day, lang, "medium");
    setNotice(
      r.data.closed.active_bookings
        ? { tone: "info", text: t("closedWithBookings", { day: label, count: r.data.closed.active_bookings }), day: r.data.closed.day }
        : { tone: "success", text: t("closedAdded", { day: label }) },
    );
    setDay("");
    setReason("");
  };
  const remove = async (value: string) => {
    setNotice(null);
    setBusy(value);
    const r = await action.submit(SCHEDULE_FORMS.reopenDay, { day: value });
    setBusy(null);
    setNotice(r.ok ? { tone: "success", text: t("closedRemoved", { day: businessDate(value, lang, "medium") }) } : { tone: "error", text: r.message });
  };

  return (
    <Panel title={t("closedDates")}>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{t("closedHint")}</p>
      <form onSubmit={(e) => void add(e)} noValidate className="grid items-start gap-3 sm:grid-cols-[11rem_minmax(0,1fr)_auto]">
        <TextField label={t("day")} type="date" min={today} value={day} onChange={(e) => setDay(e.target.value)} error={errors.day} required />
        <TextField
          label={t("reason")}
          value={reason}
          maxLength={SCHEDULE_LIMITS.closedReason}
          placeholder={t("reasonPlaceholder")}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          required
        />
        <Button type="submit" tone="primary" className="sm:mt-6" disabled={busy !== null}>
          {busy === "add" ? t("adding") : t("add")}
        </Button>
      </form>
      {notice ? (
        <div className="mt-4">
          <Notice tone={notice.tone}>
            {notice.text}{" "}
            {notice.day ? (
              <Link to={`/admin/bookings?day=${notice.day}`} className="font-medium underline">
                {t("seeBookings")}
              </Link>
            ) : null}
          </Notice>
        </div>
      ) : null}
      <div className="mt-4">
        {closed.length === 0 ? (
          <EmptyState title={t("noClosed")}>{t("noClosedHint")}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t("closedDates")}>
            {closed.map((c) => {
              const label = businessDate(c.day, lang, "medium");
              return (
                <li key={c.day} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5">
                  <span className="w-36 shrink-0 text-sm font-medium whitespace-nowrap text-slate-900">
                    {label} <span className="font-normal text-slate-500">{businessWeekday(c.day, lang)}</span>
                  </span>
                  <span className="min-w-[8rem] flex-1 text-sm text-slate-700">{c.reason || "—"}</span>
                  <span className="text-sm whitespace-nowrap">
                    {c.active_bookings ? (
                      <Link to={`/admin/bookings?day=${c.day}`} className="font-medium text-amber-800 underline">
                        {t("bookingsLink", { n: c.active_bookings })}
                      </Link>
                    ) : (
                      <span className="text-slate-500">{t("noBookingsThatDay")}</span>
                    )}
                  </span>
                  <Button small disabled={busy !== null} aria-label={t("removeLabel", { day: label })} onClick={() => void remove(c.day)}>
                    {busy === c.day ? "…" : t("remove")}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Panel>
  );
}

// ---- slots ahead -----------------------------------------------------------------------------

function SlotsAheadPanel({ slots, days }: { slots: SlotAhead[]; days: number }) {
  const { t } = useAdminWords("bookings", "schedule");
  const lang = useAdminLang();
  const byDay = useMemo(() => {
    const map = new Map<string, SlotAhead[]>();
    for (const s of slots) map.set(s.date, [...(map.get(s.date) ?? []), s]);
    return [...map];
  }, [slots]);
  return (
    <Panel title={t("slotsAhead", { n: days })}>
      <p className="mb-4 text-sm text-slate-600">{t("slotsHint")}</p>
      {slots.length === 0 ? (
        <EmptyState title={t("noSlots")}>{t("noSlotsHint")}</EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {byDay.map(([date, daySlots]) => {
            const booked = daySlots.reduce((n, s) => n + s.booked, 0);
            const left = daySlots.reduce((n, s) => n + s.remaining, 0);
            return (
              <li key={date} className="rounded-lg border border-slate-200">
                <div className="flex items-baseline justify-between gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2">
                  <h3 className="text-sm font-semibold text-slate-900">{businessDay(date, lang)}</h3>
                  <span className="text-xs text-slate-600">
                    {booked ? (
                      <Link to={`/admin/bookings?day=${date}`} className="font-medium text-blue-800 underline">
                        {t("bookingsLink", { n: booked })}
                      </Link>
                    ) : null}
                    {booked ? " · " : ""}
                    {t("leftThatDay", { count: left })}
                  </span>
                </div>
                <ul className="divide-y divide-slate-100">
                  {daySlots.map((s) => (
                    <li key={s.id} className={`px-3 py-1.5 text-sm ${s.in_schedule ? "" : "bg-amber-50"}`}>
                      <div className="grid grid-cols-[6.5rem_minmax(0,1fr)_auto] items-center gap-3">
                        <span className="tabular-nums">{businessRange(s.start, s.end)}</span>
                        <span className="h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                          <span
                            className={`block h-full ${s.remaining === 0 ? "bg-slate-500" : "bg-blue-600"}`}
                            style={{ width: `${s.capacity ? Math.round((100 * s.booked) / s.capacity) : 100}%` }}
                          />
                        </span>
                        <span className={`text-xs whitespace-nowrap tabular-nums ${s.remaining === 0 ? "font-medium text-slate-500" : "text-slate-700"}`}>
                          {t("placesLine", {
                            booked: s.booked,
                            capacity: s.capacity,
                            left: s.remaining === 0 ? t("placesFull") : t("placesLeft", { left: s.remaining }),
                          })}
                        </span>
                      </div>
                      {!s.in_schedule ? <p className="mt-1 text-xs font-medium text-amber-900">{t("outside")}</p> : null}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
