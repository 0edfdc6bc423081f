import { useCallback, useEffect, useMemo, useRef, useState, type AnchorHTMLAttributes, type FormEvent, type MouseEvent } from "react";
import { DayPicker, useDayPicker, type DayButtonProps, type DayProps, type NavProps } from "react-day-picker";
import { useTranslation } from "~/i18n/use-translation";
import { useLocation, useSearchParams } from "react-router";
import { useLang } from "~/i18n/use-lang";
import { getJson } from "~/lib/api-client";
import { BOOKING_FIELD_ORDER, BOOKING_LIMITS, CONTACT_TIMES, type BookingFieldName } from "@contracts/booking-fields";
import { FORM_NONCE_FIELD, INTENT_FIELD, useFormAction, type FormOutcome } from "~/lib/form-outcome";
import { LocalizedLink } from "../LocalizedLink";
import { dayLabel, monthCaption, rememberMonthCaptions, type MonthCaptions } from "./month-captions";
import { calendarLocale, type CalendarWords } from "./calendar-words";
import { businessTime, longDate, visitorSlot, visitorTime, zoneDiffers } from "./time";

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
 * The form's validation (zod): loaded when the visitor first enters the form, not with the page nor
 * on every view (its evaluation is a 65-75 ms task on a phone, a visitor who only reads never
 * needs it). Loaded then rather than on the first send, so a send never waits on the network for
 * it, and a failed load (an old page after a deploy) reloads the page before anything is typed.
 */
const loadBookingRules = () => import("@contracts/booking-rules");

/**
 * A day cell without the explicit role DayPicker gives it: a cell of a table whose role is grid is
 * a gridcell already, and HTML forbids saying so again (the validator's 35-43 errors per page).
 */
function DayCell({ day: _day, modifiers: _modifiers, role: _role, ...cell }: DayProps) {
  return <td {...cell} />;
}
/**
 * A day of the calendar as a link to the page with that day chosen (`?date=`), so a day can be
 * chosen before and without scripts; with them, the click chooses it in place, as DayPicker's
 * button does. Days without places stay disabled buttons.
 */
function DayLink({ day, modifiers, ...props }: DayButtonProps) {
  const ref = useRef<HTMLAnchorElement>(null);
  // DayPicker moves the focus with the arrow keys by marking the day focused, as its own button does.
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  if (props.disabled) return <button {...props} />;
  const { onClick, children, type: _type, disabled: _disabled, ...rest } = props;
  return (
    <a
      ref={ref}
      href={`?date=${dayKey(day.date)}`}
      {...(rest as AnchorHTMLAttributes<HTMLAnchorElement>)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onClick?.(event as unknown as MouseEvent<HTMLButtonElement>);
      }}
    >
      {children}
    </a>
  );
}

/** The month arrows as links to the page showing that month (`?month=`), for the same reason. */
function MonthNav({ onPreviousClick, onNextClick, previousMonth, nextMonth, ...nav }: NavProps) {
  const { components, classNames, labels } = useDayPicker();
  const arrow = (month: Date | undefined, className: string, label: string, onClick: NavProps["onNextClick"], orientation: "left" | "right") =>
    month ? (
      <a
        href={`?month=${dayKey(month).slice(0, 7)}`}
        rel="nofollow"
        className={className}
        aria-label={label}
        onClick={(event) => {
          event.preventDefault();
          onClick?.(event as unknown as MouseEvent<HTMLButtonElement>);
        }}
      >
        <components.Chevron orientation={orientation} className={classNames.chevron} />
      </a>
    ) : (
      <span className={className} aria-disabled="true">
        <components.Chevron disabled orientation={orientation} className={classNames.chevron} />
      </span>
    );
  return (
    <nav {...nav}>
      {arrow(previousMonth, classNames.button_previous, labels.labelPrevious(previousMonth), onPreviousClick, "left")}
      {arrow(nextMonth, classNames.button_next, labels.labelNext(nextMonth), onNextClick, "right")}
    </nav>
  );
}
const DAY_PICKER_COMPONENTS = { Day: DayCell, DayButton: DayLink, Nav: MonthNav };

/** The booking form's intent (app/lib/form-outcome.ts). */
export const BOOK = "booking";

const DEFAULTS = { company: "", account: "", phone: "", chat_app: "", content: "", contact_from: "14:00", contact_to: "15:00" };
type Values = typeof DEFAULTS;
type Errors = Partial<Record<BookingFieldName, string>>;
const isBookingField = (key: string): key is BookingFieldName => (BOOKING_FIELD_ORDER as readonly string[]).includes(key);
const MONTH_PARAM = /^\d{4}-(0[1-9]|1[0-2])$/;

export function BookingPage({
  initial,
  from,
  to,
  lastDay,
  calendarWords,
  monthCaptions,
  formNonce,
}: {
  initial: SlotDays;
  from: string;
  to: string;
  /** The last day slots are made for: no month after its own is offered. */
  lastDay: string;
  /** The calendar's words in the page's language, from the server (calendar-words.ts). */
  calendarWords: CalendarWords;
  monthCaptions?: MonthCaptions;
  formNonce: string;
}) {
  const { t } = useTranslation("help");
  const lang = useLang();
  const locale = calendarLocale(calendarWords);
  rememberMonthCaptions(locale, monthCaptions);
  const { t: te } = useTranslation("errors");
  const [searchParams, setSearchParams] = useSearchParams();
  // Without scripts the page comes back at the booking (#booking), with its answer.
  const location = useLocation();
  const [days, setDays] = useState(initial.days);
  const [range, setRange] = useState({ from, to });
  const [loadFailed, setLoadFailed] = useState(false);
  const timeZone = initial.time_zone;
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d.slots])), [days]);
  const book = useFormAction<Booked>(BOOK);
  // Without scripts a refused booking comes back as the page: what was sent is in the outcome.
  const refused = book.outcome?.ok === false ? book.outcome : null;
  const sentSlot = Number(refused?.values.slot_id ?? "") || null;
  const requested = searchParams.get("date") ?? (sentSlot ? days.find((d) => d.slots.some((s) => s.id === sentSlot))?.date : undefined) ?? null;
  const [date, setDate] = useState<string | null>(requested && byDate.has(requested) ? requested : null);
  const requestedMonth = searchParams.get("month");
  const zone = useVisitorZone(date !== null);
  const [slotId, setSlotId] = useState<number | null>(sentSlot);
  const messageFor = (field: BookingFieldName, kind: "required" | "invalid"): string =>
    field === "slot_id" ? t("booking.invalid.slot_id") : kind === "required" ? t("booking.invalid.required") : t(`booking.invalid.${field}`);
  const [shown, setShown] = useState(() => problemsOf(refused, messageFor));
  const [dismissed, setDismissed] = useState<string | null>(null);
  const fieldRefs = useRef<Partial<Record<BookingFieldName, HTMLElement | null>>>({});
  const slotGroup = useRef<HTMLDivElement>(null);

  // A slot ticked before the page hydrated is the chosen one (the radios are the form's own fields).
  useEffect(() => {
    const ticked = slotGroup.current?.querySelector<HTMLInputElement>("input:checked");
    if (ticked) setSlotId(Number(ticked.value));
  }, []);

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

  // The answer to a booking sent with scripts: its problems beside their fields, or fresh places.
  const answer = book.fetcher.data;
  const refreshSlots = useRef(refresh);
  refreshSlots.current = refresh;
  useEffect(() => {
    if (!answer) return;
    void refreshSlots.current();
    if (answer.ok) return;
    const problems = problemsOf(answer, messageFor);
    setShown(problems);
    if (answer.key === "slotFullyBooked" || answer.key === "appointmentNotFound") {
      // That place is gone: nothing stays chosen.
      setSlotId(null);
      for (const radio of slotGroup.current?.querySelectorAll<HTMLInputElement>("input:checked") ?? []) radio.checked = false;
    }
    const first = BOOKING_FIELD_ORDER.find((field) => problems.errors[field]);
    if (first) fieldRefs.current[first]?.focus();
    // messageFor is the page's own for its language: only a new answer shows again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const slots = date ? (byDate.get(date) ?? []) : [];
  const slot = slots.find((s) => s.id === slotId) ?? null;
  const showLocal = zone !== null && slots.length > 0 && zoneDiffers(zone, slots[0]!.start);

  const chooseDate = (next: string | null) => {
    setDate(next);
    setSlotId(null);
    const params = new URLSearchParams(searchParams);
    if (next) params.set("date", next);
    else params.delete("date");
    params.delete("month");
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

  const clear = (field: BookingFieldName) => {
    if (shown.errors[field]) setShown((s) => ({ ...s, errors: { ...s.errors, [field]: undefined } }));
  };

  // With scripts the browser checks the form with the server's own rules first, and sends it
  // through the fetcher; before hydration and without scripts the browser posts it to the action.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const { firstBookingProblem } = await loadBookingRules();
    const values = Object.fromEntries(BOOKING_FIELD_ORDER.map((field) => [field, String(form.get(field) ?? "")]));
    const found = firstBookingProblem(values);
    if (found) {
      setShown({ errors: { [found.field]: messageFor(found.field, found.kind) }, form: null });
      fieldRefs.current[found.field]?.focus();
      return;
    }
    setShown({ errors: {}, form: null });
    void book.fetcher.submit(form, { method: "post", preventScrollReset: true });
  };

  const booked = book.outcome?.ok === true && book.outcome.data.reference !== dismissed ? book.outcome : null;
  if (booked) {
    return (
      <Confirmation
        booked={booked.data}
        values={{ ...DEFAULTS, ...booked.values }}
        zone={zone}
        onAgain={() => {
          setDismissed(booked.data.reference);
          setSlotId(null);
        }}
      />
    );
  }

  const { errors } = shown;
  const typed = (field: keyof Values) => refused?.values[field] ?? DEFAULTS[field];
  const errorId = (field: BookingFieldName) => (errors[field] ? `booking-error-${field}` : undefined);
  const fieldError = (field: BookingFieldName) =>
    errors[field] ? (
      <p id={`booking-error-${field}`} className="mt-1 text-sm font-medium text-red-700" data-testid={`booking-error-${field}`}>
        {errors[field]}
      </p>
    ) : null;
  const input =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-500";
  const shownMonth =
    requestedMonth && MONTH_PARAM.test(requestedMonth) && `${requestedMonth}-01` >= from.slice(0, 8) + "01" ? `${requestedMonth}-01` : (date ?? from);

  return (
    <div id="booking" className="mt-8 scroll-mt-24 grid gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]" data-testid="booking">
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
              locale={locale}
              formatters={{ formatCaption: (month) => monthCaption(month, locale) }}
              labels={{ labelGrid: (month) => monthCaption(month, locale), labelDayButton: (day) => dayLabel(day, locale) }}
              components={DAY_PICKER_COMPONENTS}
              startMonth={calendarDay(from)}
              endMonth={calendarDay(lastDay)}
              defaultMonth={calendarDay(shownMonth)}
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
                slotGroup.current = el;
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
                    {/* The form's own field, though it sits beside the form (the form attribute). */}
                    <input
                      type="radio"
                      name="slot_id"
                      form="booking-form"
                      value={s.id}
                      defaultChecked={slotId === s.id}
                      disabled={s.status === "full"}
                      onChange={() => {
                        setSlotId(s.id);
                        clear("slot_id");
                      }}
                      className="accent-indigo-600"
                    />
                    <span>
                      <span className="block whitespace-nowrap font-semibold tabular-nums">
                        {businessTime(s.start)}–{businessTime(s.end)}
                      </span>
                      {showLocal && zone ? (
                        <span className="block text-xs text-slate-500">{t("booking.yourTime", { time: visitorTime(s.start, zone, lang) })}</span>
                      ) : null}
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
          {slot && date
            ? t("booking.selected", { date: longDate(date, lang), time: `${businessTime(slot.start)}–${businessTime(slot.end)}` })
            : t("booking.noSlotSelected")}
        </p>
        <book.fetcher.Form
          method="post"
          action={`${location.pathname}${location.search}#booking`}
          id="booking-form"
          onSubmit={(e) => void submit(e)}
          onFocus={() => void loadBookingRules()}
          noValidate
          className="mt-5 space-y-5"
          data-testid="booking-form"
          preventScrollReset
        >
          <input type="hidden" name={INTENT_FIELD} value={BOOK} />
          <input type="hidden" name={FORM_NONCE_FIELD} value={formNonce} />
          <div>
            <label htmlFor="booking-company" className="font-medium">
              {t("booking.company")}
            </label>
            <input
              id="booking-company"
              name="company"
              ref={(el) => void (fieldRefs.current.company = el)}
              className={input}
              defaultValue={typed("company")}
              maxLength={BOOKING_LIMITS.company}
              autoComplete="organization"
              required
              aria-invalid={errors.company ? true : undefined}
              aria-describedby={errorId("company")}
              onChange={() => clear("company")}
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
              defaultValue={typed("account")}
              maxLength={BOOKING_LIMITS.account}
              required
              aria-invalid={errors.account ? true : undefined}
              aria-describedby={`booking-account-hint ${errorId("account") ?? ""}`.trim()}
              onChange={() => clear("account")}
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
              defaultValue={typed("phone")}
              maxLength={BOOKING_LIMITS.phone}
              required
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={`booking-phone-hint ${errorId("phone") ?? ""}`.trim()}
              onChange={() => clear("phone")}
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
                    defaultChecked={typed("chat_app") === choice}
                    ref={choice === "yes" ? (el) => void (fieldRefs.current.chat_app = el) : undefined}
                    onChange={() => clear("chat_app")}
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
              defaultValue={typed("content")}
              maxLength={BOOKING_LIMITS.content}
              placeholder={t("booking.contentPlaceholder")}
              required
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={errorId("content")}
              onChange={() => clear("content")}
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
                    defaultValue={typed(field)}
                    aria-invalid={errors[field] ? true : undefined}
                    onChange={() => clear(field)}
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
            disabled={book.busy}
            className="w-full rounded-lg bg-indigo-600 px-5 py-3 text-lg font-semibold text-white hover:bg-indigo-700 disabled:opacity-60 sm:w-auto"
          >
            {book.busy ? t("booking.submitting") : t("booking.submit")}
          </button>
          {shown.form ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="booking-form-error">
              {shown.form}
            </p>
          ) : null}
        </book.fetcher.Form>
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
    <section
      id="booking"
      className="mt-8 max-w-2xl scroll-mt-24 rounded-2xl border border-emerald-200 bg-emerald-50 p-6 sm:p-8"
      data-testid="booking-confirmation"
      aria-labelledby="booking-done"
    >
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
        <LocalizedLink
          to={manage}
          className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold hover:border-indigo-400"
          data-testid="booking-manage"
        >
          {t("booking.manage")}
        </LocalizedLink>
      </div>
      <p className="mt-4 text-sm text-slate-600">{t("booking.keepLink")}</p>
      {/* A fresh booking page without scripts; with them, the form again in place. */}
      <LocalizedLink
        to="/pre-sales"
        onClick={(event) => {
          event.preventDefault();
          onAgain();
        }}
        className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:underline"
      >
        {t("booking.bookAnother")}
      </LocalizedLink>
    </section>
  );
}

/**
 * A refused booking's problems as the page shows them: each field's in the booking's own words
 * (the same the browser's check uses), a full or gone slot beside the slots, and the server's
 * answer beside the button (the only word for a refusal no field caused: too many bookings, the
 * service busy).
 */
function problemsOf(
  outcome: FormOutcome<unknown> | null | undefined,
  messageFor: (field: BookingFieldName, kind: "required" | "invalid") => string,
): { errors: Errors; form: string | null } {
  if (!outcome || outcome.ok) return { errors: {}, form: null };
  const errors: Errors = {};
  for (const field of Object.keys(outcome.fieldErrors)) {
    if (isBookingField(field)) errors[field] = messageFor(field, (outcome.values[field] ?? "").trim() === "" ? "required" : "invalid");
  }
  if (outcome.key === "slotFullyBooked" || outcome.key === "appointmentNotFound") errors.slot_id = outcome.message;
  return { errors, form: outcome.message };
}
