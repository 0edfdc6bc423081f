import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { formatDate } from "~/lib/format/format-date";
import { INTENT_FIELD, useFormAction } from "~/lib/form-outcome";
import { LocalizedLink } from "../LocalizedLink";
import { useToast } from "../shell/Toaster";
import { businessTime, longDate } from "./time";

interface Booking {
  id: number;
  reference: string;
  slot: { id: number; start: string; end: string };
  company: string;
  status: "unsolved" | "solved" | "cancelled";
  created_at: string;
}

/** The manage page's cancel form's intent (app/lib/form-outcome.ts). */
export const CANCEL = "booking-cancel";

/**
 * The private manage page: what was booked, its state, and cancelling it (which frees the place).
 * Cancelling asks first: with scripts in place, without them through the address (`?confirm=cancel`,
 * a page that asks); the answer is a form posted to the page's action (docs/decisions/0034).
 */
export function ManageBookingPage({ booking: initial, token }: { booking: Booking; token: string }) {
  const { t } = useTranslation("help");
  const lang = useLang();
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const cancel = useFormAction<Booking>(CANCEL);
  const [confirming, setConfirming] = useState(searchParams.get("confirm") === "cancel");
  const booking = cancel.outcome?.ok ? cancel.outcome.data : initial;
  const refusal = cancel.outcome?.ok === false ? (cancel.outcome.code === 10101 ? t("manage.started") : cancel.outcome.message) : null;
  const date = longDate(booking.slot.start.slice(0, 10), lang);
  const time = `${businessTime(booking.slot.start)}–${businessTime(booking.slot.end)}`;
  const started = new Date(booking.slot.start).getTime() <= Date.now();

  // With scripts the answer is also said in a passing message, as every action of the site is.
  const answer = cancel.fetcher.data;
  useEffect(() => {
    if (!answer) return;
    setConfirming(false);
    toast(answer.ok ? t("manage.cancelled") : answer.code === 10101 ? t("manage.started") : answer.message, { type: answer.ok ? "success" : "error" });
    // t and toast are the page's own: only a new answer is said again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const address = (confirm: boolean) => {
    const params = new URLSearchParams(searchParams);
    if (confirm) params.set("confirm", "cancel");
    else params.delete("confirm");
    return `?${params.toString()}`;
  };

  const statusClass =
    booking.status === "cancelled"
      ? "bg-slate-100 text-slate-700"
      : booking.status === "solved"
        ? "bg-emerald-100 text-emerald-800"
        : "bg-indigo-100 text-indigo-800";
  return (
    <div className="mx-auto max-w-2xl px-4 py-12" data-testid="manage-booking">
      <h1 className="text-3xl font-bold tracking-tight">{t("manage.title")}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
        <p className="flex flex-wrap items-center gap-3">
          <span className="font-mono text-lg font-semibold">{t("booking.reference", { reference: booking.reference })}</span>
          <span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusClass}`} data-testid="manage-status">
            {t(`manage.status.${booking.status}`)}
          </span>
        </p>
        <p className="mt-4 text-lg">{t("booking.when", { date, time })}</p>
        <p className="mt-2 text-slate-700">{t("manage.company", { company: booking.company })}</p>
        <p className="mt-1 text-sm text-slate-500">{t("manage.bookedOn", { date: formatDate(booking.created_at, lang) })}</p>

        <div aria-live="polite">
          {refusal ? (
            <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800" data-testid="manage-error">
              {refusal}
            </p>
          ) : null}
          {booking.status === "cancelled" ? (
            <p className="mt-6 rounded-lg bg-slate-50 p-4 text-slate-700">{t("manage.cancelled")}</p>
          ) : booking.status === "unsolved" && !started ? (
            confirming ? (
              <div className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4" role="alertdialog" aria-labelledby="confirm-cancel">
                <p id="confirm-cancel" className="font-medium text-red-900">
                  {t("manage.confirmCancel", { date })}
                </p>
                <cancel.fetcher.Form method="post" className="mt-3 flex flex-wrap gap-3" preventScrollReset>
                  <input type="hidden" name={INTENT_FIELD} value={CANCEL} />
                  <button
                    type="submit"
                    disabled={cancel.busy}
                    className="rounded-lg bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60"
                  >
                    {t("manage.confirmYes")}
                  </button>
                  <a
                    href={address(false)}
                    onClick={(event) => {
                      event.preventDefault();
                      setConfirming(false);
                    }}
                    autoFocus
                    className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold"
                  >
                    {t("manage.confirmNo")}
                  </a>
                </cancel.fetcher.Form>
              </div>
            ) : (
              <a
                href={address(true)}
                onClick={(event) => {
                  event.preventDefault();
                  setConfirming(true);
                }}
                className="mt-6 inline-block rounded-lg border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50"
              >
                {t("manage.cancel")}
              </a>
            )
          ) : started && booking.status === "unsolved" ? (
            <p className="mt-6 text-slate-600">{t("manage.started")}</p>
          ) : null}
        </div>

        <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-200 pt-6">
          {booking.status !== "cancelled" ? (
            <a
              href={`/pre-sales/booking/${booking.id}/calendar.ics?token=${encodeURIComponent(token)}`}
              download={`${booking.reference}.ics`}
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:border-indigo-400"
            >
              {t("booking.addToCalendar")}
            </a>
          ) : null}
          <LocalizedLink to="/pre-sales" className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
            {t("booking.bookAnother")}
          </LocalizedLink>
        </div>
      </div>
    </div>
  );
}
