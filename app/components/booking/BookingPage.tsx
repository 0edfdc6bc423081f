import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { DayPicker, type DayProps } from "react-day-picker";
import { useTranslation } from "~/i18n/use-translation";
import { useSearchParams } from "react-router";
import { useLang } from "~/i18n/use-lang";
import { getJson, postJson } from "~/lib/api-client";
import { BOOKING_LIMITS, CONTACT_TIMES, type BookingFieldName } from "@contracts/booking-fields";
import { LocalizedLink } from "../LocalizedLink";
import { useToast } from "../shell/Toaster";
import { DAY_PICKER_LOCALES, dayLabel, monthCaption, rememberMonthCaptions, type MonthCaptions } from "./month-captions";
import { businessTime, longDate, visitorSlot, visitorTime, zoneDiffers } from "./time";
import { useHydrated } from "~/hooks/use-hydrated";
import { useEditsBeforeHydration } from "~/lib/edits-before-hydration";
import { whenIdle } from "~/lib/when-idle";

export interface Slot {
  id: number;
  start: string;
  end: string;
  capacity: number;
  remaining: number;
  status: "bookable" | "full";
}
export interface SlotDays {
  time_zone: string;
  days: { date: string; slots: Slot[] }[];
}
interface Booked {
  id: number;
  reference: string;
  slot: { id: number; start: string; end: string };
  manage_token: string;
}

/**
 * The visitor's zone, known only in the browser: null during the server render and hydration.
 * Asked for only once a day is chosen (its times are the first thing that needs it): the page's
 * first Intl formatter costs tens of milliseconds, a long task on a phone if it ran at hydration.
 */
function useVisitorZone(needed: boolean): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    if (needed && zone === null) setZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, [needed, zone]);
  return zone;
}

/**
 * The form's validation (zod): loaded once the page is idle after hydration, not with the page.
 * Loaded then rather than on the first send, so a send never waits on the network for it, and a
 * failed load (an old page after a deploy) reloads the page before anything is typed.
 */
const loadBookingRules = () => import("@contracts/booking-rules");

/**
 * A day cell without the explicit role DayPicker gives it: a cell of a table whose role is grid is
 * a gridcell already, and HTML forbids saying so again (the validator's 35-43 errors per page).
 */
function DayCell({ day: _day, modifiers: _modifiers, role: _role, ...cell }: DayProps) {
  return <td {...cell} />;
}
const DAY_PICKER_COMPONENTS = { Day: DayCell };

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const EMPTY = { company: "", account: "", phone: "", chat_app: "", content: "", contact_from: "14:00", contact_to: "15:00" };
type Values = typeof EMPTY;
const isValueField = (key: string): key is keyof Values => Object.hasOwn(EMPTY, key);

export function BookingPage({ initial, from, to, monthCaptions }: { initial: SlotDays; from: string; to: string; monthCaptions?: MonthCaptions }) {
  const { t } = useTranslation("help");
  const { t: te } = useTranslation("errors");
  const lang = useLang();
  rememberMonthCaptions(lang, monthCaptions);
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const [days, setDays] = useState(initial.days);
  const [range, setRange] = useState({ from, to });
  const [loadFailed, setLoadFailed] = useState(false);
  const timeZone = initial.time_zone;
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d.slots])), [days]);
  const requested = searchParams.get("date");
  const [date, setDate] = useState<string | null>(requested && byDate.has(requested) ? requested : null);
  const zone = useVisitorZone(date !== null);
  const [slotId, setSlotId] = useState<number | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [problem, setProblem] = useState<{ field: BookingFieldName; message: string } | null>(null);
  // A refusal that no field caused (too many bookings from this address, the service busy): shown
  // beside the button until the next try, not only as a passing toast.
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  useEffect(() => whenIdle(() => void loadBookingRules()), []);
  const [booked, setBooked] = useState<Booked | null>(null);
  const idempotencyKey = useRef<string>("");
  const fieldRefs = useRef<Partial<Record<BookingFieldName, HTMLElement | null>>>({});
  const root = useRef<HTMLDivElement>(null);
  useEditsBeforeHydration(root, (edits) => {
    for (const edit of edits) {
      if (edit.key === "slot") setSlotId(Number(edit.value));
      else if (isValueField(edit.key)) setValues((v) => ({ ...v, [edit.key]: edit.value }));
    }
  });

  const refresh = useCallback(async () => {
    const result = await getJson<SlotDays>("/api/help/subscribe-list", { lang, from: range.from, to: range.to }, te("internal"));
    if (!result.ok) {
      setLoadFailed(true);
      return;
    }
    setLoadFailed(false);
    setDays(result.data.days);
  }, [lang, range, te]);

  // Remaining places change while the page is open: refreshed when the visitor comes back to it.
  useEffect(() => {
    const onFocus = () => void refresh();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [refresh]);

  const slots = date ? (byDate.get(date) ?? []) : [];
  const slot = slots.find((s) => s.id === slotId) ?? null;
  const showLocal = zone !== null && slots.length > 0 && zoneDiffers(zone, slots[0]!.start);

  const chooseDate = (next: string | null) => {
    setDate(next);
    setSlotId(null);
    const params = new URLSearchParams(searchParams);
    if (next) params.set("date", next);
    else params.delete("date");
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  const showMonth = async (month: Date) => {
    // Past the loaded weeks: fetch that month's slots (at most 62 days a request).
    const first = new Date(Date.UTC(month.getFullYear(), month.getMonth(), 1)).toISOString().slice(0, 10);
    const last = new Date(Date.UTC(month.getFullYear(), month.getMonth() + 1, 0)).toISOString().slice(0, 10);
    if (first >= range.from && last <= range.to) return;
    const next = { from: first < range.from ? first : range.from, to: last > range.to ? last : range.to };
    const result = await getJson<SlotDays>("/api/help/subscribe-list", { lang, from: next.from < from ? from : next.from, to: next.to }, te("internal"));
    if (result.ok) {
      setRange(next);
      setDays(result.data.days);
    }
  };

  const messageFor = (field: BookingFieldName, kind: "required" | "invalid"): string =>
    field === "slot_id" ? t("booking.invalid.slot_id") : kind === "required" ? t("booking.invalid.required") : t(`booking.invalid.${field}`);

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { firstBookingProblem } = await loadBookingRules();
    const found = firstBookingProblem({ ...values, slot_id: slotId ? String(slotId) : "" });
    if (found) {
      setProblem({ field: found.field, message: messageFor(found.field, found.kind) });
      fieldRefs.current[found.field]?.focus();
      return;
    }
    setProblem(null);
    setFormProblem(null);
    setSending(true);
    idempotencyKey.current ||= newKey();
    const result = await postJson<Booked>(
      "/api/help/subscribe-add",
      { lang, slot_id: slotId, ...values, idempotency_key: idempotencyKey.current },
      te("internal"),
    );
    setSending(false);
    if (result.ok) {
      idempotencyKey.current = "";
      setBooked(result.data);
      void refresh();
      return;
    }
    // The typed values stay; the server's message is in the page's language.
    if (result.code === 10043 || result.code === 10044) {
      setSlotId(null);
      void refresh();
    }
    const field = (result.field as BookingFieldName | undefined) ?? (result.code === 10043 || result.code === 10044 ? "slot_id" : undefined);
    if (field) {
      setProblem({ field, message: result.code === 10100 || result.code === 10101 ? messageFor(field, result.code === 10100 ? "required" : "invalid") : result.message });
      fieldRefs.current[field]?.focus();
      toast(result.message, { type: "error" });
    } else setFormProblem(result.message);
  };

  if (booked) return <Confirmation booked={booked} values={values} zone={zone} onAgain={() => { setBooked(null); setSlotId(null); }} />;

  const errorId = (field: BookingFieldName) => (problem?.field === field ? `booking-error-${field}` : undefined);
  const fieldError = (field: BookingFieldName) =>
    problem?.field === field ? (
      <p id={`booking-error-${field}`} className="mt-1 text-sm font-medium text-red-700" data-testid={`booking-error-${field}`}>
        {problem.message}
      </p>
    ) : null;
  const input =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-500";

  return (
    <div ref={root} className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]" data-testid="booking">
      <div className="space-y-6">
        <section aria-labelledby="step-day" className="rounded-2xl border border-slate-200 bg-white p-4">
          <h2 id="step-day" className="px-2 text-lg font-bold">
            {t("booking.stepDay")}
          </h2>
          <p className="px-2 text-sm text-slate-500">{t("booking.timeZoneNote", { zone: timeZone })}</p>
          {loadFailed ? (
            <div role="alert" className="m-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {t("booking.loadFailed")}{" "}
              <button type="button" className="font-semibold underline" onClick={() => void refresh()}>
                {t("booking.retry")}
              </button>
            </div>
          ) : null}
          {days.length === 0 && !loadFailed ? (
            <p role="status" className="m-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {t("booking.noSlotsAtAll")}
            </p>
          ) : null}
          {/* Labelled here: DayPicker would put the label on a plain div, which HTML does not allow. */}
          <div className="booking-calendar mt-2 flex justify-center" data-testid="booking-calendar" role="group" aria-label={t("booking.calendarLabel")}>
            <DayPicker
              mode="single"
              today={calendarDay(from)}
              locale={DAY_PICKER_LOCALES[lang]}
              formatters={{ formatCaption: (month) => monthCaption(month, lang) }}
              labels={{ labelGrid: (month) => monthCaption(month, lang), labelDayButton: (day) => dayLabel(day, lang) }}
              components={DAY_PICKER_COMPONENTS}
              startMonth={calendarDay(from)}
              defaultMonth={calendarDay(date ?? from)}
              onMonthChange={(m) => void showMonth(m)}
              selected={date ? calendarDay(date) : undefined}
              onSelect={(d) => chooseDate(d ? dayKey(d) : null)}
              disabled={(d) => !(byDate.get(dayKey(d)) ?? []).some((s) => s.status === "bookable")}
              modifiers={{ full: (d) => (byDate.get(dayKey(d)) ?? []).length > 0 && !(byDate.get(dayKey(d)) ?? []).some((s) => s.status === "bookable") }}
              modifiersClassNames={{ full: "booking-day-full" }}
            />
          </div>
        </section>

        <section aria-labelledby="step-time" className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="step-time" className="text-lg font-bold">
            {t("booking.stepTime")}
          </h2>
          {date ? <p className="mt-1 text-sm font-medium text-slate-700">{longDate(date, lang)}</p> : null}
          {showLocal ? <p className="mt-1 text-xs text-slate-500">{t("booking.localNote", { zone })}</p> : null}
          {!date ? (
            <p className="mt-3 text-sm text-slate-500">{t("booking.pickDayFirst")}</p>
          ) : slots.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500">{t("booking.noSlotsDay")}</p>
          ) : (
            <div
              role="radiogroup"
              aria-labelledby="step-time"
              aria-describedby={errorId("slot_id")}
              className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1"
              data-testid="booking-slots"
              ref={(el) => {
                fieldRefs.current.slot_id = el?.querySelector<HTMLInputElement>("input:not(:disabled)") ?? el;
              }}
            >
              {slots.map((s) => (
                <label
                  key={s.id}
                  className={`flex cursor-pointer items-center justify-between gap-3 rounded-lg border px-3 py-2 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-300 ${
                    s.status === "full" ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400" : "border-slate-300 hover:border-indigo-400"
                  }`}
                  data-testid="booking-slot"
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="slot"
                      value={s.id}
                      checked={slotId === s.id}
                      disabled={s.status === "full"}
                      onChange={() => {
                        setSlotId(s.id);
                        if (problem?.field === "slot_id") setProblem(null);
                      }}
                      className="accent-indigo-600"
                    />
                    <span>
                      <span className="block whitespace-nowrap font-semibold tabular-nums">
                        {businessTime(s.start)}–{businessTime(s.end)}
                      </span>
                      {showLocal && zone ? <span className="block text-xs text-slate-500">{t("booking.yourTime", { time: visitorTime(s.start, zone, lang) })}</span> : null}
                    </span>
                  </span>
                  <span className={`whitespace-nowrap text-xs ${s.status === "full" ? "font-semibold" : "text-emerald-700"}`}>
                    {s.status === "full" ? t("booking.full") : t("booking.placesLeft", { count: s.remaining })}
                  </span>
                </label>
              ))}
            </div>
          )}
          {fieldError("slot_id")}
        </section>
      </div>

      <section aria-labelledby="step-details" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h2 id="step-details" className="text-lg font-bold">
          {t("booking.stepDetails")}
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="booking-selected" aria-live="polite">
          {slot && date ? t("booking.selected", { date: longDate(date, lang), time: `${businessTime(slot.start)}–${businessTime(slot.end)}` }) : t("booking.noSlotSelected")}
        </p>
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 space-y-5" data-testid="booking-form">
          <div>
            <label htmlFor="booking-company" className="font-medium">
              {t("booking.company")}
            </label>
            <input
              id="booking-company"
              name="company"
              ref={(el) => void (fieldRefs.current.company = el)}
              className={input}
              value={values.company}
              maxLength={BOOKING_LIMITS.company}
              autoComplete="organization"
              required
              aria-invalid={problem?.field === "company"}
              aria-describedby={errorId("company")}
              onChange={(e) => set("company")(e.target.value)}
            />
            {fieldError("company")}
          </div>
          <div>
            <label htmlFor="booking-account" className="font-medium">
              {t("booking.account")}
            </label>
            <input
              id="booking-account"
              name="account"
              ref={(el) => void (fieldRefs.current.account = el)}
              className={input}
              value={values.account}
              maxLength={BOOKING_LIMITS.account}
              required
              aria-invalid={problem?.field === "account"}
              aria-describedby={`booking-account-hint ${errorId("account") ?? ""}`.trim()}
              onChange={(e) => set("account")(e.target.value)}
            />
            <p id="booking-account-hint" className="mt-1 text-xs text-slate-500">
              {t("booking.accountHint")}
            </p>
            {fieldError("account")}
          </div>
          <div>
            <label htmlFor="booking-phone" className="font-medium">
              {t("booking.phone")}
            </label>
            <input
              id="booking-phone"
              name="phone"
              ref={(el) => void (fieldRefs.current.phone = el)}
              className={input}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={values.phone}
              maxLength={BOOKING_LIMITS.phone}
              required
              aria-invalid={problem?.field === "phone"}
              aria-describedby={`booking-phone-hint ${errorId("phone") ?? ""}`.trim()}
              onChange={(e) => set("phone")(e.target.value)}
            />
            <p id="booking-phone-hint" className="mt-1 text-xs text-slate-500">
              {t("booking.phoneHint")}
            </p>
            {fieldError("phone")}
          </div>
          <fieldset aria-describedby={errorId("chat_app")}>
            <legend className="font-medium">{t("booking.chatApp")}</legend>
            <div className="mt-2 flex gap-6">
              {(["yes", "no"] as const).map((choice) => (
                <label key={choice} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="chat_app"
                    value={choice}
                    checked={values.chat_app === choice}
                    ref={choice === "yes" ? (el) => void (fieldRefs.current.chat_app = el) : undefined}
                    onChange={() => set("chat_app")(choice)}
                    className="accent-indigo-600"
                  />
                  {t(`booking.${choice}`)}
                </label>
              ))}
            </div>
            {fieldError("chat_app")}
          </fieldset>
          <div>
            <label htmlFor="booking-content" className="font-medium">
              {t("booking.content")}
            </label>
            <textarea
              id="booking-content"
              name="content"
              ref={(el) => void (fieldRefs.current.content = el)}
              className={input}
              rows={5}
              value={values.content}
              maxLength={BOOKING_LIMITS.content}
              placeholder={t("booking.contentPlaceholder")}
              required
              aria-invalid={problem?.field === "content"}
              aria-describedby={errorId("content")}
              onChange={(e) => set("content")(e.target.value)}
            />
            {fieldError("content")}
          </div>
          <fieldset aria-describedby={`booking-contact-hint ${errorId("contact_from") ?? errorId("contact_to") ?? ""}`.trim()}>
            <legend className="font-medium">{t("booking.contactTime")}</legend>
            <p id="booking-contact-hint" className="text-xs text-slate-500">
              {t("booking.contactHint")}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              {(["contact_from", "contact_to"] as const).map((field) => (
                <label key={field} className="flex items-center gap-2 text-sm">
                  {t(field === "contact_from" ? "booking.from" : "booking.to")}
                  <select
                    name={field}
                    ref={(el) => void (fieldRefs.current[field] = el)}
                    value={values[field]}
                    aria-invalid={problem?.field === field}
                    onChange={(e) => set(field)(e.target.value)}
                    className="rounded-lg border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-500"
                  >
                    {CONTACT_TIMES.map((time) => (
                      <option key={time} value={time}>
                        {time}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
            {fieldError("contact_from")}
            {fieldError("contact_to")}
          </fieldset>
          <button
            type="submit"
            disabled={sending || !hydrated}
            className="w-full rounded-lg bg-indigo-600 px-5 py-3 text-lg font-semibold text-white hover:bg-indigo-700 disabled:opacity-60 sm:w-auto"
          >
            {sending ? t("booking.submitting") : t("booking.submit")}
          </button>
          {formProblem ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="booking-form-error">
              {formProblem}
            </p>
          ) : null}
        </form>
      </section>
    </div>
  );
}

/**
 * The calendar shows business dates (YYYY-MM-DD) as plain local dates, with "today" the business
 * zone's today from the loader: the same grid on the server and in any visitor's zone, without
 * DayPicker's timeZone mode, whose zoned dates cost a time-zone look-up per date operation (about
 * a third of the page's hydration on a throttled phone).
 */
function calendarDay(date: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** The inverse of calendarDay. */
function dayKey(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

function Confirmation({ booked, values, zone, onAgain }: { booked: Booked; values: Values; zone: string | null; onAgain: () => void }) {
  const { t } = useTranslation("help");
  const lang = useLang();
  const date = booked.slot.start.slice(0, 10);
  const time = `${businessTime(booked.slot.start)}–${businessTime(booked.slot.end)}`;
  const manage = `/pre-sales/booking/${booked.id}?token=${encodeURIComponent(booked.manage_token)}`;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the visitor was at the bottom of is gone: bring the confirmation into view below the sticky header, and focus it.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "start", behavior: "instant" });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="mt-8 max-w-2xl scroll-mt-24 rounded-2xl border border-emerald-200 bg-emerald-50 p-6 sm:p-8" data-testid="booking-confirmation" aria-labelledby="booking-done">
      <h2 id="booking-done" ref={heading} tabIndex={-1} className="scroll-mt-28 text-2xl font-bold text-emerald-900 outline-none">
        {t("booking.confirmedTitle")}
      </h2>
      <p className="mt-3 font-mono text-lg font-semibold" data-testid="booking-reference">
        {t("booking.reference", { reference: booked.reference })}
      </p>
      <p className="mt-3" data-testid="booking-when">
        {t("booking.consultationWhen", { when: t("booking.when", { date: longDate(date, lang), time }) })}
      </p>
      {zone && zoneDiffers(zone, booked.slot.start) ? (
        <p className="text-slate-700" data-testid="booking-when-local">
          {t("booking.whenLocal", { ...visitorSlot(booked.slot.start, booked.slot.end, zone, lang), zone })}
        </p>
      ) : null}
      <p className="mt-3 text-slate-700">{t("booking.callWindow", { phone: values.phone, from: values.contact_from, to: values.contact_to })}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href={`/pre-sales/booking/${booked.id}/calendar.ics?token=${encodeURIComponent(booked.manage_token)}`}
          download={`${booked.reference}.ics`}
          className="rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700"
          data-testid="booking-ics"
        >
          {t("booking.addToCalendar")}
        </a>
        <LocalizedLink to={manage} className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold hover:border-indigo-400" data-testid="booking-manage">
          {t("booking.manage")}
        </LocalizedLink>
      </div>
      <p className="mt-4 text-sm text-slate-600">{t("booking.keepLink")}</p>
      <button type="button" onClick={onAgain} className="mt-6 text-sm font-medium text-indigo-700 hover:underline">
        {t("booking.bookAnother")}
      </button>
    </section>
  );
}
