/**
 * /admin/bookings/schedule: the weekly hours (per weekday: open or closed, one or more periods
 * with their slot length and places), the closed dates ahead, and the slots of the next two weeks
 * with their places. The editor checks the server's own rules (app/lib/booking-schedule.ts) first
 * and says which row is wrong; saving makes the slots again at once.
 */
import { useMemo, useState, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";
import { periodProblems, SCHEDULE_LIMITS, slotCount, WEEKDAY_ORDER, type PeriodProblem } from "~/lib/booking-schedule";
import { useAdminLang, useAdminText } from "../admin-lang";
import { AdminPage, Button, ButtonLink, EmptyState, Notice, Panel, TextField } from "../ui";
import { useAdminApi } from "../use-admin-api";
import { BookingsTabs, businessDate, businessDay, businessRange, businessWeekday } from "./shared";

interface Period {
  weekday: number;
  start_time: string;
  end_time: string;
  slot_minutes: number;
  capacity: number;
}
interface ClosedDate {
  day: string;
  reason: string;
  active_bookings: number;
}
interface SlotAhead {
  id: number;
  date: string;
  start: string;
  end: string;
  capacity: number;
  booked: number;
  remaining: number;
  in_schedule: boolean;
}
interface SlotChanges {
  removed: number;
  closed: number;
  written: number;
}

export interface SchedulePageData {
  timeZone: string;
  today: string;
  version: string;
  periods: Period[];
  closedDates: ClosedDate[];
  slots: SlotAhead[];
  days: number;
}

const WORDS = {
  en: {
    title: "Schedule and slots",
    intro: (zone: string) => `When visitors can book a pre-sales consultation. Times are business time (${zone}); slots are made for the next eight weeks.`,
    back: "← Bookings",
    weekly: "Weekly hours",
    weeklyHint:
      "A weekday can have several periods (e.g. morning and afternoon). Saving makes the slots again at once: free slots outside the new hours are removed; slots that already have bookings keep them and their times, but take no new bookings.",
    weekdays: { 0: "Sunday", 1: "Monday", 2: "Tuesday", 3: "Wednesday", 4: "Thursday", 5: "Friday", 6: "Saturday" } as Record<number, string>,
    open: "Open",
    closed: "Closed all day",
    start: "Start",
    end: "End",
    slotMinutes: "Slot length (min)",
    capacity: "Places per slot",
    summary: (slots: number, places: number) => `${slots} ${slots === 1 ? "slot" : "slots"} · ${places} ${places === 1 ? "place" : "places"}`,
    addPeriod: "Add hours",
    removePeriod: "Remove",
    removePeriodLabel: (day: string, n: number) => `Remove ${day} period ${n}`,
    problems: {
      start_time: "Enter a start time (HH:MM).",
      end_time: "Enter an end time (HH:MM).",
      slot_minutes: `Slot length must be ${SCHEDULE_LIMITS.slotMinutes.min}–${SCHEDULE_LIMITS.slotMinutes.max} minutes.`,
      capacity: `Places must be ${SCHEDULE_LIMITS.capacity.min}–${SCHEDULE_LIMITS.capacity.max}.`,
      order: "The end must be after the start.",
      too_short: "These hours are shorter than one slot.",
      overlap: "These hours overlap another period of the same day.",
      too_many: `At most ${SCHEDULE_LIMITS.periodsPerDay} periods a day.`,
    } as Record<PeriodProblem, string>,
    fixFirst: "Some hours need fixing first; see the messages in red.",
    save: "Save schedule",
    saving: "Saving…",
    reset: "Undo changes",
    unsaved: "Unsaved changes",
    upToDate: "No unsaved changes",
    saved: (c: SlotChanges | null) =>
      c === null
        ? "Nothing had changed."
        : `Saved. Slots made again: ${c.written} added or changed, ${c.removed} removed${c.closed ? `, ${c.closed} kept only for their bookings` : ""}.`,
    reload: "Load the current schedule",
    closedDates: "Closed dates",
    closedHint: "Holidays and other days without consultations. Free slots on a closed date are removed; booked ones keep their bookings — contact those customers.",
    day: "Date",
    reason: "Reason",
    reasonPlaceholder: "e.g. National Day",
    add: "Close this date",
    adding: "Adding…",
    noClosed: "No closed dates ahead",
    noClosedHint: "Every weekday with hours takes bookings.",
    noBookingsThatDay: "No bookings",
    remove: "Open again",
    removeLabel: (day: string) => `Open ${day} again`,
    closedAdded: (day: string) => `${day} is closed.`,
    closedWithBookings: (day: string, n: number) => `${day} is closed, but ${n === 1 ? "1 booking keeps its place" : `${n} bookings keep their places`} on it: contact ${n === 1 ? "that customer" : "those customers"} or cancel.`,
    closedRemoved: (day: string) => `${day} is open again; its slots are made.`,
    seeBookings: "See the bookings",
    dayRequired: "Choose a date.",
    reasonRequired: "Give a reason.",
    slotsAhead: (n: number) => `Slots in the next ${n} days`,
    slotsHint: "Slots that have not started yet, with their places.",
    placesLine: (booked: number, capacity: number, left: number) => `${booked}/${capacity} booked · ${left === 0 ? "full" : `${left} left`}`,
    leftThatDay: (n: number) => (n === 1 ? "1 place left" : `${n} places left`),
    outside: "Outside the schedule: kept for its bookings",
    noSlots: "No slots in the next two weeks",
    noSlotsHint: "Open some weekdays above, or check the closed dates.",
    bookingsLink: (n: number) => (n === 1 ? "1 booked" : `${n} booked`),
  },
  zh: {
    title: "排班与时段",
    intro: (zone: string) => `访客可预约售前咨询的时间。时间均为业务时间（${zone}），系统会生成未来八周的时段。`,
    back: "← 预约",
    weekly: "每周时间",
    weeklyHint: "每个工作日可设置多个时间段（如上午和下午）。保存后立即重新生成时段：新时间以外的空闲时段会被删除；已有预约的时段保留原预约和时间，但不再接受新预约。",
    weekdays: { 0: "星期日", 1: "星期一", 2: "星期二", 3: "星期三", 4: "星期四", 5: "星期五", 6: "星期六" } as Record<number, string>,
    open: "开放",
    closed: "全天不开放",
    start: "开始",
    end: "结束",
    slotMinutes: "时段长度（分钟）",
    capacity: "每个时段名额",
    summary: (slots: number, places: number) => `${slots} 个时段 · 共 ${places} 个名额`,
    addPeriod: "添加时间段",
    removePeriod: "删除",
    removePeriodLabel: (day: string, n: number) => `删除${day}第 ${n} 个时间段`,
    problems: {
      start_time: "请输入开始时间（时:分）。",
      end_time: "请输入结束时间（时:分）。",
      slot_minutes: `时段长度须为 ${SCHEDULE_LIMITS.slotMinutes.min}–${SCHEDULE_LIMITS.slotMinutes.max} 分钟。`,
      capacity: `名额须为 ${SCHEDULE_LIMITS.capacity.min}–${SCHEDULE_LIMITS.capacity.max}。`,
      order: "结束时间须晚于开始时间。",
      too_short: "该时间段短于一个时段的长度。",
      overlap: "该时间段与同一天的其他时间段重叠。",
      too_many: `每天最多 ${SCHEDULE_LIMITS.periodsPerDay} 个时间段。`,
    } as Record<PeriodProblem, string>,
    fixFirst: "部分时间需要先修改，请查看红色提示。",
    save: "保存排班",
    saving: "正在保存…",
    reset: "撤销修改",
    unsaved: "有未保存的修改",
    upToDate: "没有未保存的修改",
    saved: (c: SlotChanges | null) =>
      c === null ? "没有任何变化。" : `已保存。已重新生成时段：新增或更新 ${c.written} 个，删除 ${c.removed} 个${c.closed ? `，${c.closed} 个仅为已有预约保留` : ""}。`,
    reload: "载入最新排班",
    closedDates: "休息日",
    closedHint: "节假日等不提供咨询的日期。休息日的空闲时段会被删除；已有预约的时段保留预约，请联系这些客户。",
    day: "日期",
    reason: "原因",
    reasonPlaceholder: "例如：国庆节",
    add: "设为休息日",
    adding: "正在添加…",
    noClosed: "近期没有休息日",
    noClosedHint: "所有设置了时间的工作日都可预约。",
    noBookingsThatDay: "无预约",
    remove: "恢复开放",
    removeLabel: (day: string) => `恢复开放 ${day}`,
    closedAdded: (day: string) => `${day} 已设为休息日。`,
    closedWithBookings: (day: string, n: number) => `${day} 已设为休息日，但当天仍有 ${n} 个预约保留名额：请联系客户或取消预约。`,
    closedRemoved: (day: string) => `${day} 已恢复开放，时段已生成。`,
    seeBookings: "查看预约",
    dayRequired: "请选择日期。",
    reasonRequired: "请填写原因。",
    slotsAhead: (n: number) => `未来 ${n} 天的时段`,
    slotsHint: "尚未开始的时段及其名额。",
    placesLine: (booked: number, capacity: number, left: number) => `已约 ${booked}/${capacity} · ${left === 0 ? "已满" : `剩 ${left}`}`,
    leftThatDay: (n: number) => `剩余 ${n} 个名额`,
    outside: "不在排班内：仅为已有预约保留",
    noSlots: "未来两周没有时段",
    noSlotsHint: "请在上方开放一些工作日，或检查休息日。",
    bookingsLink: (n: number) => `已约 ${n} 个`,
  },
};

type EditorNotice = { tone: "success" | "error"; text: string; conflict?: boolean } | null;

export function SchedulePage({ data }: { data: SchedulePageData }) {
  const words = useAdminText(WORDS);
  const [scheduleNotice, setScheduleNotice] = useState<EditorNotice>(null);
  return (
    <AdminPage title={words.title} description={words.intro(data.timeZone)} actions={<ButtonLink to="/admin/bookings">{words.back}</ButtonLink>}>
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
      periods.push({ weekday: wd, start_time: r.start_time, end_time: r.end_time, slot_minutes: Number(r.slot_minutes || NaN), capacity: Number(r.capacity || NaN) });
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

function WeeklyHours({ version, periods, notice, onNotice: setNotice }: { version: string; periods: Period[]; notice: EditorNotice; onNotice: (n: EditorNotice) => void }) {
  const words = useAdminText(WORDS);
  const api = useAdminApi();
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
      setNotice({ tone: "error", text: words.fixFirst });
      document.querySelector<HTMLElement>("[data-period-invalid=true] input")?.focus();
      return;
    }
    const r = await api.post<{ changed: boolean; slots: SlotChanges | null }>("/admin/bookings/schedule/save", { periods: flat, version });
    if (r.ok) setNotice({ tone: "success", text: words.saved(r.data.changed ? r.data.slots : null) });
    else setNotice({ tone: "error", text: r.detail ? `${r.message} ${r.detail}` : r.message, conflict: r.code === 10409 });
  };

  return (
    <Panel title={words.weekly}>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{words.weeklyHint}</p>
      <form onSubmit={(e) => void save(e)} noValidate>
        <div className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {WEEKDAY_ORDER.map((wd) => {
            const day = week[wd]!;
            const name = words.weekdays[wd]!;
            return (
              <fieldset key={wd} className="grid gap-3 p-3 md:grid-cols-[10rem_minmax(0,1fr)] md:p-4">
                <legend className="sr-only">{name}</legend>
                <div className="flex items-center justify-between gap-3 md:block">
                  <p className="font-medium text-slate-900" aria-hidden="true">
                    {name}
                  </p>
                  <label className="flex items-center gap-2 text-sm text-slate-700 md:mt-1">
                    <input type="checkbox" checked={day.open} onChange={(e) => toggle(wd, e.target.checked)} className="h-4 w-4 accent-blue-700" />
                    {words.open}
                  </label>
                </div>
                {day.open ? (
                  <div className="space-y-3">
                    {day.rows.map((row, i) => {
                      const found = problems.get(row.key);
                      const problem = found && (showProblems || touchedProblem(found)) ? found : undefined;
                      const slots = slotCount(row.start_time, row.end_time, Number(row.slot_minutes));
                      return (
                        <div key={row.key} data-period-invalid={problem ? "true" : undefined} className={`rounded-md ${problem ? "-mx-2 bg-red-50 px-2 py-2 ring-1 ring-red-200" : ""}`}>
                          <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-4 sm:gap-3 xl:grid-cols-[repeat(4,minmax(0,1fr))_12rem]">
                            <TextField label={words.start} type="time" step={300} required value={row.start_time} onChange={(e) => setField(wd, row.key, "start_time", e.target.value)} />
                            <TextField label={words.end} type="time" step={300} required value={row.end_time} onChange={(e) => setField(wd, row.key, "end_time", e.target.value)} />
                            <TextField
                              label={words.slotMinutes}
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
                              label={words.capacity}
                              type="number"
                              inputMode="numeric"
                              min={SCHEDULE_LIMITS.capacity.min}
                              max={SCHEDULE_LIMITS.capacity.max}
                              required
                              value={row.capacity}
                              onChange={(e) => setField(wd, row.key, "capacity", e.target.value)}
                            />
                            <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-4 xl:col-span-1 xl:pb-2">
                              <span className="text-xs whitespace-nowrap text-slate-500">{words.summary(slots, slots * (Number(row.capacity) || 0))}</span>
                              <Button
                                small
                                tone="ghost"
                                aria-label={words.removePeriodLabel(name, i + 1)}
                                onClick={() => update(wd, (d) => ({ open: d.rows.length > 1, rows: d.rows.filter((r) => r.key !== row.key) }))}
                              >
                                {words.removePeriod}
                              </Button>
                            </div>
                          </div>
                          {problem ? (
                            <p className="mt-1 text-xs font-medium text-red-700" role="alert">
                              {words.problems[problem]}
                            </p>
                          ) : null}
                        </div>
                      );
                    })}
                    {day.rows.length < SCHEDULE_LIMITS.periodsPerDay ? (
                      <Button small onClick={() => update(wd, (d) => ({ ...d, rows: [...d.rows, suggestRow(week, wd)] }))}>
                        + {words.addPeriod}
                      </Button>
                    ) : null}
                  </div>
                ) : (
                  <p className="self-center text-sm text-slate-500">{words.closed}</p>
                )}
              </fieldset>
            );
          })}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="submit" tone="primary" disabled={api.pending || !dirty}>
            {api.pending ? words.saving : words.save}
          </Button>
          <Button
            disabled={api.pending || !dirty}
            onClick={() => {
              setWeek(weekOf(periods));
              setShowProblems(false);
              setNotice(null);
            }}
          >
            {words.reset}
          </Button>
          <span className="text-sm text-slate-500" aria-live="polite">
            {dirty ? words.unsaved : words.upToDate}
          </span>
        </div>
        {notice ? (
          <div className="mt-4">
            <Notice tone={notice.tone}>
              {notice.text}{" "}
              {notice.conflict ? (
                <button type="button" className="font-medium underline" onClick={() => void revalidator.revalidate()}>
                  {words.reload}
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
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  const api = useAdminApi();
  const [day, setDay] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ day?: string; reason?: string }>({});
  const [notice, setNotice] = useState<{ tone: "success" | "error" | "info"; text: string; day?: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found = { day: day ? undefined : words.dayRequired, reason: reason.trim() ? undefined : words.reasonRequired };
    setErrors(found);
    if (found.day || found.reason) return;
    setBusy("add");
    const r = await api.post<{ closed: ClosedDate }>("/admin/bookings/closed-dates/add", { day, reason: reason.trim() });
    setBusy(null);
    if (!r.ok) {
      if (r.field === "day") setErrors({ day: r.message });
      else setNotice({ tone: "error", text: r.message });
      return;
    }
    const label = businessDate(r.data.closed.day, lang, "medium");
    setNotice(
      r.data.closed.active_bookings
        ? { tone: "info", text: words.closedWithBookings(label, r.data.closed.active_bookings), day: r.data.closed.day }
        : { tone: "success", text: words.closedAdded(label) },
    );
    setDay("");
    setReason("");
  };
  const remove = async (value: string) => {
    setNotice(null);
    setBusy(value);
    const r = await api.post("/admin/bookings/closed-dates/remove", { day: value });
    setBusy(null);
    setNotice(r.ok ? { tone: "success", text: words.closedRemoved(businessDate(value, lang, "medium")) } : { tone: "error", text: r.message });
  };

  return (
    <Panel title={words.closedDates}>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{words.closedHint}</p>
      <form onSubmit={(e) => void add(e)} noValidate className="grid items-start gap-3 sm:grid-cols-[11rem_minmax(0,1fr)_auto]">
        <TextField label={words.day} type="date" min={today} value={day} onChange={(e) => setDay(e.target.value)} error={errors.day} required />
        <TextField
          label={words.reason}
          value={reason}
          maxLength={SCHEDULE_LIMITS.closedReason}
          placeholder={words.reasonPlaceholder}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          required
        />
        <Button type="submit" tone="primary" className="sm:mt-6" disabled={busy !== null}>
          {busy === "add" ? words.adding : words.add}
        </Button>
      </form>
      {notice ? (
        <div className="mt-4">
          <Notice tone={notice.tone}>
            {notice.text}{" "}
            {notice.day ? (
              <Link to={`/admin/bookings?day=${notice.day}`} className="font-medium underline">
                {words.seeBookings}
              </Link>
            ) : null}
          </Notice>
        </div>
      ) : null}
      <div className="mt-4">
        {closed.length === 0 ? (
          <EmptyState title={words.noClosed}>{words.noClosedHint}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={words.closedDates}>
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
                        {words.bookingsLink(c.active_bookings)}
                      </Link>
                    ) : (
                      <span className="text-slate-500">{words.noBookingsThatDay}</span>
                    )}
                  </span>
                  <Button small disabled={busy !== null} aria-label={words.removeLabel(label)} onClick={() => void remove(c.day)}>
                    {busy === c.day ? "…" : words.remove}
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
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  const byDay = useMemo(() => {
    const map = new Map<string, SlotAhead[]>();
    for (const s of slots) map.set(s.date, [...(map.get(s.date) ?? []), s]);
    return [...map];
  }, [slots]);
  return (
    <Panel title={words.slotsAhead(days)}>
      <p className="mb-4 text-sm text-slate-600">{words.slotsHint}</p>
      {slots.length === 0 ? (
        <EmptyState title={words.noSlots}>{words.noSlotsHint}</EmptyState>
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
                        {words.bookingsLink(booked)}
                      </Link>
                    ) : null}
                    {booked ? " · " : ""}
                    {words.leftThatDay(left)}
                  </span>
                </div>
                <ul className="divide-y divide-slate-100">
                  {daySlots.map((s) => (
                    <li key={s.id} className={`px-3 py-1.5 text-sm ${s.in_schedule ? "" : "bg-amber-50"}`}>
                      <div className="grid grid-cols-[6.5rem_minmax(0,1fr)_auto] items-center gap-3">
                        <span className="tabular-nums">{businessRange(s.start, s.end)}</span>
                        <span className="h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                          <span className={`block h-full ${s.remaining === 0 ? "bg-slate-500" : "bg-blue-600"}`} style={{ width: `${s.capacity ? Math.round((100 * s.booked) / s.capacity) : 100}%` }} />
                        </span>
                        <span className={`text-xs whitespace-nowrap tabular-nums ${s.remaining === 0 ? "font-medium text-slate-500" : "text-slate-700"}`}>
                          {words.placesLine(s.booked, s.capacity, s.remaining)}
                        </span>
                      </div>
                      {!s.in_schedule ? <p className="mt-1 text-xs font-medium text-amber-900">{words.outside}</p> : null}
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
