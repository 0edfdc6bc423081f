/**
 * /admin/bookings/:id: everything the visitor told us, the slot in business time and in the staff
 * member's own zone, and the actions: mark solved or unsolved, cancel (after a confirmation).
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { getLanguage, isLangKey } from "~/i18n/languages";
import { useAdminLang } from "../admin-lang";
import { AdminPage, Button, ButtonLink, Notice, Panel } from "../ui";
import { useAdminApi } from "../use-admin-api";
import { businessDate, businessDay, businessRange, offsetLabel, sameWallClock, StaffInstant, StatusBadge, useBrowserZone, zoneTime } from "./shared";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/booking";

export type BookingDetail = PageData<typeof loader>["booking"];

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
  const api = useAdminApi();
  const zone = useBrowserZone();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "success" | "error" | "info"; text: string } | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const day = booking.slot.start.slice(0, 10);

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  const setStatus = async (status: "solved" | "unsolved") => {
    setOutcome(null);
    const r = await api.post<{ changed: boolean }>("/admin/bookings/status", { id: booking.id, status });
    setOutcome(r.ok ? { tone: "success", text: status === "solved" ? t("solvedDone") : t("unsolvedDone") } : { tone: "error", text: r.message });
  };
  const cancel = async () => {
    setOutcome(null);
    const r = await api.post<{ changed: boolean }>("/admin/bookings/cancel", { id: booking.id });
    setConfirming(false);
    if (r.ok) setOutcome(r.data.changed ? { tone: "success", text: t("cancelledDone") } : { tone: "info", text: t("alreadyCancelled") });
    else setOutcome({ tone: "error", text: r.message });
  };
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
              <div>
                {booking.status === "unsolved" ? (
                  <Button tone="primary" className="w-full" disabled={api.pending} onClick={() => void setStatus("solved")}>
                    {api.pending ? t("saving") : t("solve")}
                  </Button>
                ) : (
                  <Button className="w-full" disabled={api.pending} onClick={() => void setStatus("unsolved")}>
                    {api.pending ? t("saving") : t("unsolve")}
                  </Button>
                )}
                <p className="mt-2 text-xs text-slate-500">{booking.status === "unsolved" ? t("solveHint") : t("unsolveHint")}</p>
              </div>
              <div className="border-t border-slate-200 pt-4">
                {confirming ? (
                  // Escape anywhere in the confirmation takes it back, as in a dialog.
                  // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
                  <div
                    className="rounded-md border border-red-200 bg-red-50 p-3"
                    role="group"
                    aria-labelledby="cancel-title"
                    onKeyDown={(e) => {
                      if (e.key === "Escape") closeConfirm();
                    }}
                  >
                    <h3 id="cancel-title" ref={confirmHeading} tabIndex={-1} className="text-sm font-semibold text-red-900 outline-none">
                      {t("cancelTitle")}
                    </h3>
                    <p className="mt-1 text-sm text-red-900">{t("cancelBody", { ref: booking.reference })}</p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Button tone="danger" disabled={api.pending} onClick={() => void cancel()}>
                        {api.pending ? t("saving") : t("confirmCancel")}
                      </Button>
                      <Button disabled={api.pending} onClick={closeConfirm}>
                        {t("keep")}
                      </Button>
                    </div>
                  </div>
                ) : (
                  <Button id="booking-cancel" tone="danger" className="w-full" disabled={api.pending} onClick={() => setConfirming(true)}>
                    {t("cancel")}
                  </Button>
                )}
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
            <Field label={t("account")}>{/^none$/i.test(booking.account.trim()) ? <span className="text-slate-600">{t("noAccount")}</span> : booking.account}</Field>
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
