import { Badge } from "../ui";
import { formatStaffTime, useStaffLocale, type StaffLocale } from "../admin-lang";
import type { DeliveryStatus } from "@contracts/staff-inbox-delivery";
import { useAdminWords } from "../admin-words";

/** A time today without its date; any other day with it. */
function shortTime(value: string | null, locale: StaffLocale): string {
  if (!value) return "—";
  const sameDay = new Date(value).toDateString() === new Date().toDateString();
  return formatStaffTime(value, locale, sameDay ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" });
}

const TONES = { delivered: "green", pending: "blue", failing: "red", missing: "neutral" } as const;

/** The delivery status in a list row: the state and the one fact that matters for it. */
export function DeliveryCell({ delivery }: { delivery: DeliveryStatus }) {
  const { t } = useAdminWords("inbox", "delivery");
  const locale = useStaffLocale();
  return (
    <div className="space-y-1">
      <Badge tone={TONES[delivery.state]}>{t(`state.${delivery.state}`)}</Badge>
      {delivery.state === "delivered" ? (
        <p className="text-xs text-slate-500">{formatStaffTime(delivery.delivered_at, locale)}</p>
      ) : delivery.state === "pending" || delivery.state === "failing" ? (
        <p className="text-xs text-slate-500">
          {delivery.attempts ? t("attempts", { count: delivery.attempts }) : t("notTried")} · {t("next")} {shortTime(delivery.next_attempt_at, locale)}
        </p>
      ) : null}
      {delivery.state === "failing" && delivery.last_error ? (
        <p className="max-w-56 truncate text-xs text-red-800" title={delivery.last_error}>
          {delivery.last_error}
        </p>
      ) : null}
    </div>
  );
}

/** Every fact of the delivery status, for a record's page. */
export function DeliveryDetails({ delivery }: { delivery: DeliveryStatus }) {
  const { t } = useAdminWords("inbox", "delivery");
  const locale = useStaffLocale();
  if (delivery.state === "missing") {
    return (
      <div className="space-y-2">
        <Badge tone="neutral">{t("state.missing")}</Badge>
        <p className="text-sm text-slate-600">{t("missingHint")}</p>
      </div>
    );
  }
  const rows: [string, string][] = [
    [t("outboxId"), `#${delivery.outbox_id}`],
    [t("queued"), formatStaffTime(delivery.created_at, locale)],
    [t("attemptsLabel"), String(delivery.attempts)],
    delivery.state === "delivered"
      ? [t("deliveredAt"), formatStaffTime(delivery.delivered_at, locale)]
      : [t("next"), formatStaffTime(delivery.next_attempt_at, locale)],
  ];
  return (
    <div className="space-y-3">
      <Badge tone={TONES[delivery.state]}>{t(`state.${delivery.state}`)}</Badge>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className="text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      {delivery.last_error && delivery.state !== "delivered" ? (
        <div>
          <p className="text-sm text-slate-500">{t("lastError")}</p>
          <pre className="mt-1 overflow-x-auto rounded-md bg-red-50 p-2 text-xs whitespace-pre-wrap text-red-900">{delivery.last_error}</pre>
        </div>
      ) : null}
    </div>
  );
}
