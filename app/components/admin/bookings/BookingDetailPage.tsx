/**
 * /admin/bookings/:id: everything the visitor told us, the slot in business time and in the staff
 * member's own zone, and the actions: mark solved or unsolved, cancel (after a confirmation).
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { getLanguage, isLangKey } from "~/i18n/languages";
import { useAdminLang, useAdminText } from "../admin-lang";
import { AdminPage, Button, ButtonLink, Notice, Panel } from "../ui";
import { useAdminApi } from "../use-admin-api";
import { businessDate, businessDay, businessRange, offsetLabel, sameWallClock, StaffInstant, StatusBadge, useBrowserZone, zoneTime, type BookingStatus } from "./shared";

export interface BookingDetail {
  id: number;
  reference: string;
  status: BookingStatus;
  company: string;
  account: string;
  phone: string;
  chat_app: boolean;
  content: string;
  contact_from: string;
  contact_to: string;
  lang: string;
  created_at: string;
  cancelled_at: string | null;
  slot: { id: number; start: string; end: string; capacity: number; booked: number };
}

const WORDS = {
  en: {
    back: (day: string) => `← Bookings on ${day}`,
    details: "Details",
    status: "Status",
    slot: "Slot (business time)",
    yourTime: "In your time zone",
    sameTime: "Same as business time",
    places: "Places in this slot",
    placesValue: (booked: number, capacity: number) => `${booked} of ${capacity} booked`,
    company: "Company",
    account: "Registered account",
    noAccount: "none (not registered)",
    phone: "Contact phone",
    chatApp: "Can be added on a chat app",
    yes: "Yes",
    no: "No",
    content: "What they need",
    contact: "Preferred contact time",
    contactValue: (from: string, to: string) => `${from}–${to} business time`,
    language: "Site language",
    created: "Booked at",
    cancelledAt: "Cancelled at",
    actions: "Actions",
    solve: "Mark solved",
    unsolve: "Mark unsolved",
    solveHint: "Solved: the customer has been contacted and helped.",
    unsolveHint: "Solved. Mark it unsolved if it still needs work.",
    cancelledNote: "This booking is cancelled; its place in the slot has been freed.",
    cancel: "Cancel booking…",
    cancelTitle: "Cancel this booking?",
    cancelBody: (ref: string) =>
      `${ref} will be cancelled and its place in the slot freed for someone else. The cancellation is sent to the booking webhook like a visitor's own. This cannot be undone.`,
    confirmCancel: "Yes, cancel the booking",
    keep: "Keep it",
    solvedDone: "Marked solved.",
    unsolvedDone: "Marked unsolved.",
    cancelledDone: "The booking is cancelled and its place is free again.",
    alreadyCancelled: "The booking was already cancelled; nothing changed.",
    saving: "Saving…",
  },
  zh: {
    back: (day: string) => `← ${day}的预约`,
    details: "详情",
    status: "状态",
    slot: "时段（业务时间）",
    yourTime: "您所在时区",
    sameTime: "与业务时间相同",
    places: "该时段名额",
    placesValue: (booked: number, capacity: number) => `已约 ${booked} / 共 ${capacity}`,
    company: "公司",
    account: "注册账号",
    noAccount: "无（未注册）",
    phone: "联系电话",
    chatApp: "可添加聊天软件",
    yes: "可以",
    no: "不可以",
    content: "咨询内容",
    contact: "方便联系时间",
    contactValue: (from: string, to: string) => `业务时间 ${from}–${to}`,
    language: "网站语言",
    created: "预约时间",
    cancelledAt: "取消时间",
    actions: "操作",
    solve: "标记为已解决",
    unsolve: "标记为未解决",
    solveHint: "已解决：已联系客户并解决其问题。",
    unsolveHint: "已标记为已解决。如仍需跟进，可改回未解决。",
    cancelledNote: "此预约已取消，其在该时段的名额已释放。",
    cancel: "取消预约…",
    cancelTitle: "确定取消此预约？",
    cancelBody: (ref: string) => `将取消 ${ref}，并释放其在该时段的名额供他人预约。取消通知会像访客自行取消一样发送到预约 Webhook。此操作无法撤销。`,
    confirmCancel: "确认取消预约",
    keep: "保留预约",
    solvedDone: "已标记为已解决。",
    unsolvedDone: "已标记为未解决。",
    cancelledDone: "预约已取消，名额已释放。",
    alreadyCancelled: "该预约此前已取消，未做任何更改。",
    saving: "正在保存…",
  },
};

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function BookingDetailPage({ booking, timeZone }: { booking: BookingDetail; timeZone: string }) {
  const words = useAdminText(WORDS);
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
    setOutcome(r.ok ? { tone: "success", text: status === "solved" ? words.solvedDone : words.unsolvedDone } : { tone: "error", text: r.message });
  };
  const cancel = async () => {
    setOutcome(null);
    const r = await api.post<{ changed: boolean }>("/admin/bookings/cancel", { id: booking.id });
    setConfirming(false);
    if (r.ok) setOutcome(r.data.changed ? { tone: "success", text: words.cancelledDone } : { tone: "info", text: words.alreadyCancelled });
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
      actions={<ButtonLink to={`/admin/bookings?day=${day}`}>{words.back(businessDay(day, lang))}</ButtonLink>}
    >
      {outcome ? (
        <div className="mb-4">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Panel title={words.actions} className="lg:col-start-2 lg:row-start-1">
          {booking.status === "cancelled" ? (
            <p className="text-sm text-slate-600">{words.cancelledNote}</p>
          ) : (
            <div className="space-y-4">
              <div>
                {booking.status === "unsolved" ? (
                  <Button tone="primary" className="w-full" disabled={api.pending} onClick={() => void setStatus("solved")}>
                    {api.pending ? words.saving : words.solve}
                  </Button>
                ) : (
                  <Button className="w-full" disabled={api.pending} onClick={() => void setStatus("unsolved")}>
                    {api.pending ? words.saving : words.unsolve}
                  </Button>
                )}
                <p className="mt-2 text-xs text-slate-500">{booking.status === "unsolved" ? words.solveHint : words.unsolveHint}</p>
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
                      {words.cancelTitle}
                    </h3>
                    <p className="mt-1 text-sm text-red-900">{words.cancelBody(booking.reference)}</p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Button tone="danger" disabled={api.pending} onClick={() => void cancel()}>
                        {api.pending ? words.saving : words.confirmCancel}
                      </Button>
                      <Button disabled={api.pending} onClick={closeConfirm}>
                        {words.keep}
                      </Button>
                    </div>
                  </div>
                ) : (
                  <Button id="booking-cancel" tone="danger" className="w-full" disabled={api.pending} onClick={() => setConfirming(true)}>
                    {words.cancel}
                  </Button>
                )}
              </div>
            </div>
          )}
        </Panel>
        <Panel title={words.details} className="lg:col-start-1 lg:row-start-1">
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            <Field label={words.slot}>
              <span className="block font-medium">{businessDate(day, lang)}</span>
              <span className="block tabular-nums">
                {businessRange(booking.slot.start, booking.slot.end)}{" "}
                <span className="text-slate-500">
                  ({timeZone}, {offsetLabel(booking.slot.start)})
                </span>
              </span>
            </Field>
            <Field label={words.yourTime}>
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
                  {words.sameTime} ({zone})
                </span>
              )}
            </Field>
            <Field label={words.status}>
              <StatusBadge status={booking.status} />
            </Field>
            <Field label={words.places}>{words.placesValue(booking.slot.booked, booking.slot.capacity)}</Field>
            <Field label={words.company}>{booking.company}</Field>
            <Field label={words.account}>{/^none$/i.test(booking.account.trim()) ? <span className="text-slate-600">{words.noAccount}</span> : booking.account}</Field>
            <Field label={words.phone}>
              <a href={`tel:${booking.phone}`} className="text-blue-800 tabular-nums underline-offset-2 hover:underline">
                {booking.phone}
              </a>
            </Field>
            <Field label={words.chatApp}>{booking.chat_app ? words.yes : words.no}</Field>
            <Field label={words.contact}>{words.contactValue(booking.contact_from, booking.contact_to)}</Field>
            <Field label={words.language}>{language}</Field>
            <Field label={words.content} wide>
              <span className="block rounded-md bg-slate-50 px-3 py-2 whitespace-pre-wrap">{booking.content}</span>
            </Field>
            <Field label={words.created}>
              <StaffInstant value={booking.created_at} />
            </Field>
            {booking.cancelled_at ? (
              <Field label={words.cancelledAt}>
                <StaffInstant value={booking.cancelled_at} />
              </Field>
            ) : null}
          </dl>
        </Panel>

      </div>
    </AdminPage>
  );
}
