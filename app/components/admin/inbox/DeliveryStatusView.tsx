import { Badge } from "../ui";
import { formatStaffTime, useAdminLang, useAdminText, type AdminLang } from "../admin-lang";
import type { DeliveryStatus } from "./delivery";

const WORDS = {
  en: {
    state: { delivered: "Delivered", pending: "Pending", failing: "Failing", missing: "No outbox message" },
    attempts: (n: number) => (n === 1 ? "1 attempt" : `${n} attempts`),
    attemptsLabel: "Attempts",
    notTried: "Not tried yet",
    next: "Next attempt",
    deliveredAt: "Delivered",
    lastError: "Last error",
    queued: "Queued",
    outboxId: "Outbox message",
    missingHint: "Nothing was announced for this record (it may predate the outbox).",
  },
  zh: {
    state: { delivered: "已送达", pending: "等待发送", failing: "发送失败", missing: "无发件箱记录" },
    attempts: (n: number) => `已尝试 ${n} 次`,
    attemptsLabel: "尝试次数",
    notTried: "尚未尝试",
    next: "下次尝试",
    deliveredAt: "送达时间",
    lastError: "最近错误",
    queued: "入队时间",
    outboxId: "发件箱消息",
    missingHint: "该记录没有发出通知（可能早于发件箱功能）。",
  },
};

/** A time today without its date; any other day with it. */
function shortTime(value: string | null, lang: AdminLang): string {
  if (!value) return "—";
  const sameDay = new Date(value).toDateString() === new Date().toDateString();
  return formatStaffTime(value, lang, sameDay ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" });
}

const TONES = { delivered: "green", pending: "blue", failing: "red", missing: "neutral" } as const;

/** The delivery status in a list row: the state and the one fact that matters for it. */
export function DeliveryCell({ delivery }: { delivery: DeliveryStatus }) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  return (
    <div className="space-y-1">
      <Badge tone={TONES[delivery.state]}>{words.state[delivery.state]}</Badge>
      {delivery.state === "delivered" ? (
        <p className="text-xs text-slate-500">{formatStaffTime(delivery.delivered_at, lang)}</p>
      ) : delivery.state === "pending" || delivery.state === "failing" ? (
        <p className="text-xs text-slate-500">
          {delivery.attempts ? words.attempts(delivery.attempts) : words.notTried} · {words.next} {shortTime(delivery.next_attempt_at, lang)}
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
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  if (delivery.state === "missing") {
    return (
      <div className="space-y-2">
        <Badge tone="neutral">{words.state.missing}</Badge>
        <p className="text-sm text-slate-600">{words.missingHint}</p>
      </div>
    );
  }
  const rows: [string, string][] = [
    [words.outboxId, `#${delivery.outbox_id}`],
    [words.queued, formatStaffTime(delivery.created_at, lang)],
    [words.attemptsLabel, String(delivery.attempts)],
    delivery.state === "delivered" ? [words.deliveredAt, formatStaffTime(delivery.delivered_at, lang)] : [words.next, formatStaffTime(delivery.next_attempt_at, lang)],
  ];
  return (
    <div className="space-y-3">
      <Badge tone={TONES[delivery.state]}>{words.state[delivery.state]}</Badge>
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
          <p className="text-sm text-slate-500">{words.lastError}</p>
          <pre className="mt-1 overflow-x-auto rounded-md bg-red-50 p-2 text-xs whitespace-pre-wrap text-red-900">{delivery.last_error}</pre>
        </div>
      ) : null}
    </div>
  );
}
