/**
 * /admin/bookings/:id: everything the visitor told us, the slot in business time and in the staff
 * member's own zone, and the actions: mark solved or unsolved, cancel (after a confirmation).
 */
import { useState, type ReactNode } from "react";
import { getLanguage, isLangKey } from "~/i18n/languages";
import { useFormAction } from "~/lib/form-outcome";
import { useAdminLang } from "../admin-lang";
import { AdminPage, Button, ButtonLink, Notice, Panel } from "../ui";
import { StaffFormFields } from "../staff-form";
import { businessDate, businessDay, businessRange, offsetLabel, sameWallClock, StaffInstant, StatusBadge, useBrowserZone, zoneTime } from "./shared";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/booking";

export type BookingDetail = PageData<typeof loader>["booking"];

/** The page's forms, each posted to its action (the /api/admin/bookings/status and /cancel endpoints' declarations). */
export const BOOKING_FORMS = { status: "booking-status", cancel: "booking-cancel" } as const;
type Changed = { changed: boolean };

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function BookingDetailPage({ booking, timeZone }: { booking: BookingDetail; timeZone: string }) {
  const { t } = useAdminWords("bookings", "detail");
  const lang = useAdminLang();
  const statusForm = useFormAction<Changed>(BOOKING_FORMS.status);
  const cancelForm = useFormAction<Changed>(BOOKING_FORMS.cancel);
  const zone = useBrowserZone();
  // "Are you sure?" opens in place; a <details>, so it opens without scripts too.
  const [confirming, setConfirming] = useState(false);
  const day = booking.slot.start.slice(0, 10);
  const busy = statusForm.busy || cancelForm.busy;
  // The last answer shown: the status form's (it says which status it set) or the cancellation's.
  const latest = cancelForm.outcome ?? statusForm.outcome;
  const outcome: { tone: "success" | "error" | "info"; text: string } | null = !latest
    ? null
    : !latest.ok
      ? { tone: "error", text: latest.message }
      : latest.intent === BOOKING_FORMS.cancel
        ? latest.data.changed
          ? { tone: "success", text: t("cancelledDone") }
          : { tone: "info", text: t("alreadyCancelled") }
        : { tone: "success", text: booking.status === "solved" ? t("solvedDone") : t("unsolvedDone") };
  const closeConfirm = () => {
    setConfirming(false);
    requestAnimationFrame(() => document.getElementById("booking-cancel")?.focus());
  };

  const localDiffers = zone !== null && !sameWallClock(booking.slot.start, zone);
  const language = isLangKey(booking.lang) ? `${getLanguage(booking.lang).nativeName} (${booking.lang})` : booking.lang;

  return (
    <AdminPage
      title={booking.reference}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <StatusBadge status={booking.status} />
          <span>
            {booking.company} · {businessDay(day, lang)} {businessRange(booking.slot.start, booking.slot.end)}
          </span>
        </span>
      }
      actions={<ButtonLink to={`/admin/bookings?day=${day}`}>{t("back", { day: businessDay(day, lang) })}</ButtonLink>}
    >
      {outcome ? (
        <div className="mb-4">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Panel title={t("actions")} className="lg:col-start-2 lg:row-start-1">
          {booking.status === "cancelled" ? (
            <p className="text-sm text-slate-600">{t("cancelledNote")}</p>
          ) : (
            <div className="space-y-4">
              <statusForm.fetcher.Form method="post">
                <StaffFormFields intent={BOOKING_FORMS.status} />
                <input type="hidden" name="status" value={booking.status === "unsolved" ? "solved" : "unsolved"} />
                {booking.status === "unsolved" ? (
                  <Button type="submit" tone="primary" className="w-full" disabled={busy}>
                    {statusForm.busy ? t("saving") : t("solve")}
                  </Button>
                ) : (
                  <Button type="submit" className="w-full" disabled={busy}>
                    {statusForm.busy ? t("saving") : t("unsolve")}
                  </Button>
                )}
                <p className="mt-2 text-xs text-slate-500">{booking.status === "unsolved" ? t("solveHint") : t("unsolveHint")}</p>
              </statusForm.fetcher.Form>
              <div className="border-t border-slate-200 pt-4">
                {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape takes the confirmation back, as in a dialog */}
                <details
                  open={confirming}
                  onToggle={(event) => setConfirming(event.currentTarget.open)}
                  className="group"
                  onKeyDown={(e) => {
                    if (e.key === "Escape" && confirming) closeConfirm();
                  }}
                >
                  <summary
                    id="booking-cancel"
                    className="flex w-full cursor-pointer list-none items-center justify-center rounded-md bg-red-700 px-3.5 py-2 text-sm font-medium text-white group-open:hidden hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 [&::-webkit-details-marker]:hidden"
                  >
                    {t("cancel")}
                  </summary>
                  <cancelForm.fetcher.Form method="post" className="rounded-md border border-red-200 bg-red-50 p-3" role="group" aria-labelledby="cancel-title">
                    <StaffFormFields intent={BOOKING_FORMS.cancel} />
                    <h3 id="cancel-title" className="text-sm font-semibold text-red-900">
                      {t("cancelTitle")}
                    </h3>
                    <p className="mt-1 text-sm text-red-900">{t("cancelBody", { ref: booking.reference })}</p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Button type="submit" tone="danger" disabled={busy} autoFocus={confirming}>
                        {cancelForm.busy ? t("saving") : t("confirmCancel")}
                      </Button>
                      <a
                        href={`/admin/bookings/${booking.id}`}
                        onClick={(event) => {
                          event.preventDefault();
                          closeConfirm();
                        }}
                        className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-800 no-underline hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                      >
                        {t("keep")}
                      </a>
                    </div>
                  </cancelForm.fetcher.Form>
                </details>
              </div>
            </div>
          )}
        </Panel>
        <Panel title={t("details")} className="lg:col-start-1 lg:row-start-1">
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            <Field label={t("slot")}>
              <span className="block font-medium">{businessDate(day, lang)}</span>
              <span className="block tabular-nums">
                {businessRange(booking.slot.start, booking.slot.end)}{" "}
                <span className="text-slate-500">
                  ({timeZone}, {offsetLabel(booking.slot.start)})
                </span>
              </span>
            </Field>
            <Field label={t("yourTime")}>
              {zone === null ? (
                <span className="text-slate-400">…</span>
              ) : localDiffers ? (
                <>
                  <span className="block tabular-nums">
                    {zoneTime(booking.slot.start, zone, lang)}–{zoneTime(booking.slot.end, zone, lang, false)}
                  </span>
                  <span className="text-slate-500">{zone}</span>
                </>
              ) : (
                <span className="text-slate-600">
                  {t("sameTime")} ({zone})
                </span>
              )}
            </Field>
            <Field label={t("status")}>
              <StatusBadge status={booking.status} />
            </Field>
            <Field label={t("places")}>{t("placesValue", { booked: booking.slot.booked, capacity: booking.slot.capacity })}</Field>
            <Field label={t("company")}>{booking.company}</Field>
            <Field label={t("account")}>
              {/^none$/i.test(booking.account.trim()) ? <span className="text-slate-600">{t("noAccount")}</span> : booking.account}
            </Field>
            <Field label={t("phone")}>
              <a href={`tel:${booking.phone}`} className="text-blue-800 tabular-nums underline-offset-2 hover:underline">
                {booking.phone}
              </a>
            </Field>
            <Field label={t("chatApp")}>{booking.chat_app ? t("yes") : t("no")}</Field>
            <Field label={t("contact")}>{t("contactValue", { from: booking.contact_from, to: booking.contact_to })}</Field>
            <Field label={t("language")}>{language}</Field>
            <Field label={t("content")} wide>
              <span className="block rounded-md bg-slate-50 px-3 py-2 whitespace-pre-wrap">{booking.content}</span>
            </Field>
            <Field label={t("created")}>
              <StaffInstant value={booking.created_at} />
            </Field>
            {booking.cancelled_at ? (
              <Field label={t("cancelledAt")}>
                <StaffInstant value={booking.cancelled_at} />
              </Field>
            ) : null}
          </dl>
        </Panel>
      </div>
    </AdminPage>
  );
}
