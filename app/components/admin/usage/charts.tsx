/**
 * The usage report's charts, drawn by hand: horizontal bars in HTML and daily columns in SVG,
 * with no chart library (the staff area's bundle stays small, and the text stays real text that
 * wraps at 390 px). Every chart comes with its data as a table: always there for screen
 * readers, and shown instead of the chart with the panel's "Table" button.
 */
import { useId, useState, type ReactNode } from "react";
import { TD, TH } from "../ui";
import { useAdminWords } from "../admin-words";

export interface Column<T> {
  label: string;
  value: (row: T) => ReactNode;
  numeric?: boolean;
  /** Keep on one line (dates). */
  nowrap?: boolean;
}

/** The data of a chart as a table. */
export function DataTable<T>({ caption, columns, rows }: { caption: string; columns: Column<T>[]; rows: T[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`${TH} whitespace-nowrap ${c.numeric ? "text-right" : ""}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td
                  key={c.label}
                  className={`${TD} ${c.numeric ? "text-right whitespace-nowrap tabular-nums" : c.nowrap ? "whitespace-nowrap" : "break-words"}`}
                >
                  {c.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A panel with a chart and its table. The chart is hidden from assistive technology (its table
 * says the same); the table is visually hidden until the button shows it in the chart's place.
 */
export function ChartPanel<T>({
  title,
  description,
  chart,
  columns,
  rows,
  empty,
  className = "",
}: {
  title: string;
  description?: string;
  chart: ReactNode;
  columns: Column<T>[];
  rows: T[];
  /** Shown instead of chart and table when there are no rows. */
  empty: string;
  className?: string;
}) {
  const { t } = useAdminWords("usage", "charts");
  const [table, setTable] = useState(false);
  const id = useId();
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className={`min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}>
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-xs text-slate-500">{description}</p> : null}
        </div>
        {rows.length ? (
          <button
            type="button"
            aria-pressed={table}
            aria-controls={`${id}-table`}
            onClick={() => setTable((v) => !v)}
            className="shrink-0 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            {table ? t("showChart") : t("showTable")}
          </button>
        ) : null}
      </div>
      <div className="p-4">
        {rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{empty}</p>
        ) : (
          <>
            {table ? null : <div aria-hidden="true">{chart}</div>}
            <div id={`${id}-table`} className={table ? "" : "sr-only"}>
              <DataTable caption={t("tableOf", { title })} columns={columns} rows={rows} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}

export interface Bar {
  key: string;
  label: ReactNode;
  /** A second line under the label (a target, a page). */
  detail?: ReactNode;
  value: number;
}

/** Horizontal bars, longest first; the bar's length is its share of the largest value. */
export function BarChart({ bars, color, format }: { bars: Bar[]; color: string; format: (n: number) => string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <ol className="space-y-2.5">
      {bars.map((b) => (
        <li key={b.key} className="text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 break-words text-slate-800">{b.label}</span>
            <span className="shrink-0 font-medium text-slate-900 tabular-nums">{format(b.value)}</span>
          </div>
          {b.detail ? <div className="min-w-0 truncate text-xs text-slate-500">{b.detail}</div> : null}
          <div className="mt-1 h-2 rounded-full bg-slate-100">
            <div className={`h-2 rounded-full ${color}`} style={{ width: `${Math.max(1.5, (b.value / max) * 100)}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * One series per day as columns. The SVG only draws the columns (it stretches to any width);
 * the scale and the dates are HTML text around it, so they never stretch with it.
 */
export function DailyColumns({
  title,
  days,
  values,
  fill,
  total,
  format,
  formatDay,
}: {
  title: string;
  days: string[];
  values: number[];
  /** An SVG fill class (fill-blue-600). */
  fill: string;
  total: string;
  format: (n: number) => string;
  formatDay: (day: string) => string;
}) {
  const max = Math.max(0, ...values);
  const n = values.length;
  const gap = n > 40 ? 0.15 : 0.25;
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">{title}</span>
        <span className="text-slate-600 tabular-nums">{total}</span>
      </figcaption>
      <div className="flex gap-2">
        <div className="flex w-8 shrink-0 flex-col justify-between text-right text-[11px] leading-none text-slate-500 tabular-nums">
          <span>{format(max)}</span>
          <span>0</span>
        </div>
        <svg viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" className="h-24 w-full overflow-visible border-b border-l border-slate-300" focusable="false">
          {[25, 50, 75].map((y) => (
            <line key={y} x1={0} x2={n} y1={y} y2={y} className="stroke-slate-100" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          ))}
          {values.map((v, i) => {
            const h = max ? (v / max) * 100 : 0;
            return (
              <rect key={days[i]} x={i + gap / 2} width={1 - gap} y={100 - h} height={h} className={fill}>
                <title>{`${formatDay(days[i]!)}: ${format(v)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="mt-1 flex justify-between pl-10 text-[11px] text-slate-500">
        <span>{days[0] ? formatDay(days[0]) : ""}</span>
        {n > 2 ? <span className="hidden sm:inline">{formatDay(days[Math.floor((n - 1) / 2)]!)}</span> : null}
        <span>{days.at(-1) ? formatDay(days.at(-1)!) : ""}</span>
      </div>
    </figure>
  );
}
