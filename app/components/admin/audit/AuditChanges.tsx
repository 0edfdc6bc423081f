import { auditDiff, isLongText, preview, valueText } from "./audit-diff";
import { useAdminWords } from "../admin-words";

function Value({ value, tone }: { value: unknown; tone: "before" | "after" | "same" }) {
  const { t } = useAdminWords("audit", "changes");
  if (value === undefined) {
    return (
      <>
        <span className="text-slate-400" aria-hidden="true">
          {t("absent")}
        </span>
        <span className="sr-only">{t("absentLabel")}</span>
      </>
    );
  }
  const text = valueText(value);
  if (text === "") return <span className="text-xs text-slate-500 italic">{t("empty")}</span>;
  const color = tone === "before" ? "text-red-800" : tone === "after" ? "text-green-800" : "text-slate-700";
  if (!isLongText(text)) return <span className={`font-mono text-xs break-words whitespace-pre-wrap ${color}`}>{text}</span>;
  return (
    <details className="group min-w-0">
      <summary className={`cursor-pointer font-mono text-xs break-words ${color}`}>
        {preview(text)} <span className="font-sans text-blue-800 underline group-open:hidden">{t("show")}</span>
      </summary>
      <pre className={`mt-1 max-h-96 overflow-auto rounded bg-white/70 p-2 text-xs break-words whitespace-pre-wrap ring-1 ring-slate-200 ${color}`}>{text}</pre>
    </details>
  );
}

/**
 * An audit entry's record before → after, one row per field with the changed fields marked (a
 * bar, a tint and the word "changed"). Three columns from a small screen up; on a phone each
 * field's values stack under it, each labelled.
 */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useAdminWords("audit", "changes");
  const rows = auditDiff(before, after);
  if (!rows.length) return null;
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  const twoSides = hasBefore && hasAfter;
  const columns = twoSides ? "sm:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)]" : "sm:grid-cols-[11rem_minmax(0,1fr)]";
  const label = (text: string) => <span className="mr-2 inline-block w-14 shrink-0 text-[11px] text-slate-500 sm:sr-only">{text}</span>;

  return (
    <div className="mt-3 overflow-hidden rounded-md border border-slate-200 text-sm">
      <div
        className={`hidden border-l-4 border-transparent bg-slate-50 px-3 py-1.5 text-xs font-medium text-slate-600 sm:grid sm:gap-3 ${columns}`}
        aria-hidden="true"
      >
        <span>{t("field")}</span>
        {twoSides ? (
          <>
            <span>{t("before")}</span>
            <span>{t("after")}</span>
          </>
        ) : (
          <span>{t("value")}</span>
        )}
      </div>
      <dl className="divide-y divide-slate-100">
        {rows.map((row) => {
          const marked = twoSides && row.changed;
          return (
            <div
              key={row.key || "value"}
              className={`grid gap-1 border-l-4 px-3 py-1.5 sm:gap-3 ${columns} ${marked ? "border-amber-400 bg-amber-50" : "border-transparent"}`}
            >
              <dt className={`font-mono text-xs break-words ${marked ? "text-slate-900" : "text-slate-600"}`}>
                {row.key || "—"}
                {marked ? (
                  <span className="ml-1 inline-block rounded bg-amber-200 px-1 font-sans text-[10px] whitespace-nowrap text-amber-900 uppercase">
                    {t("changed")}
                  </span>
                ) : null}
              </dt>
              {twoSides || hasBefore ? (
                <dd className="flex min-w-0 items-baseline">
                  {label(twoSides ? t("before") : t("value"))}
                  <div className="min-w-0 flex-1">
                    <Value value={row.before} tone={marked ? "before" : "same"} />
                  </div>
                </dd>
              ) : null}
              {twoSides || hasAfter ? (
                <dd className="flex min-w-0 items-baseline">
                  {label(twoSides ? t("after") : t("value"))}
                  <div className="min-w-0 flex-1">
                    <Value value={row.after} tone={marked ? "after" : "same"} />
                  </div>
                </dd>
              ) : null}
            </div>
          );
        })}
      </dl>
    </div>
  );
}
