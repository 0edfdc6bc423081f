/**
 * The staff area's building blocks: one look for headings, buttons, fields, badges, notices,
 * empty states and pagers, so every area reads the same and stays keyboard- and screen-reader-friendly.
 */
import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { Link, useSearchParams } from "react-router";
import { useAdminWords } from "./admin-words";

export function AdminPage({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {description ? <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

export function Panel({ title, children, actions, className = "" }: { title?: ReactNode; children: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}>
      {title || actions ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          {title ? <h2 className="text-base font-semibold text-slate-900">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      <div className="p-4">{children}</div>
    </section>
  );
}

type Tone = "primary" | "secondary" | "danger" | "ghost";
const BUTTON_TONES: Record<Tone, string> = {
  primary: "bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-300",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300",
  ghost: "text-blue-800 hover:bg-blue-50 disabled:text-slate-400",
};

export function Button({ tone = "secondary", small, className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone; small?: boolean }) {
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex items-center justify-center gap-1 rounded-md font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed ${small ? "px-2.5 py-1 text-xs" : "px-3.5 py-2 text-sm"} ${BUTTON_TONES[tone]} ${className}`}
    />
  );
}

export function ButtonLink({ to, tone = "secondary", small, children }: { to: string; tone?: Tone; small?: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center justify-center gap-1 rounded-md font-medium no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${small ? "px-2.5 py-1 text-xs" : "px-3.5 py-2 text-sm"} ${BUTTON_TONES[tone]}`}
    >
      {children}
    </Link>
  );
}

const FIELD =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600 aria-[invalid=true]:border-red-600";

interface FieldFrame {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
}

function Frame({ id, label, hint, error, className = "", children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

export function TextField({ label, hint, error, className, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error} className={className}>
      <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={FIELD} />
    </Frame>
  );
}

export function SelectField({ label, hint, error, className, children, ...select }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error} className={className}>
      <select id={id} {...select} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={FIELD}>
        {children}
      </select>
    </Frame>
  );
}

export function TextAreaField({ label, hint, error, className, ...area }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error} className={className}>
      <textarea id={id} {...area} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={`${FIELD} font-mono`} />
    </Frame>
  );
}

const BADGE_TONES = {
  neutral: "bg-slate-100 text-slate-700",
  blue: "bg-blue-100 text-blue-800",
  green: "bg-green-100 text-green-800",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-800",
} as const;

export function Badge({ tone = "neutral", children }: { tone?: keyof typeof BADGE_TONES; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${BADGE_TONES[tone]}`}>{children}</span>;
}

export function Notice({ tone = "error", children }: { tone?: "error" | "success" | "info"; children: ReactNode }) {
  const tones = {
    error: "border-red-300 bg-red-50 text-red-900",
    success: "border-green-300 bg-green-50 text-green-900",
    info: "border-blue-200 bg-blue-50 text-blue-900",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}

/**
 * "Are you sure?" in place, beside what it is about: the question, a confirming button that takes
 * the focus, and a way back. Danger for what cannot be undone, warning for what changes records.
 */
export function ConfirmStrip(props: {
  label: string;
  question: ReactNode;
  confirm: string;
  cancel: string;
  tone: "danger" | "warning";
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  className?: string;
}) {
  const tones = { danger: "border-red-200 bg-red-50 text-red-900", warning: "border-amber-200 bg-amber-50 text-amber-900" };
  return (
    <div role="alertdialog" aria-label={props.label} className={`rounded-md border p-3 ${tones[props.tone]} ${props.className ?? ""}`}>
      <p className="text-sm">{props.question}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button small tone={props.tone === "danger" ? "danger" : "primary"} disabled={props.pending} onClick={props.onConfirm} autoFocus>
          {props.confirm}
        </Button>
        <Button small disabled={props.pending} onClick={props.onCancel}>
          {props.cancel}
        </Button>
      </div>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {children ? <div className="mt-1 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function TableFrame({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const TH = "px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase";
export const TD = "px-3 py-2 align-top text-slate-800";

/** Previous/next links that keep the other query parameters; `param` names the page parameter when a page has two lists. */
export function Pager({ page, pageSize, total, param = "page" }: { page: number; pageSize: number; total: number; param?: string }) {
  const { t } = useAdminWords("shell", "pager");
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const to = (p: number) => {
    const next = new URLSearchParams(params);
    next.set(param, String(p));
    return `?${next}`;
  };
  return (
    <nav aria-label={t("page", { page, pages })} className="mt-4 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? <ButtonLink to={to(page - 1)}>{t("previous")}</ButtonLink> : <span />}
      <span className="text-slate-600">{t("page", { page, pages })}</span>
      {page < pages ? <ButtonLink to={to(page + 1)}>{t("next")}</ButtonLink> : <span />}
    </nav>
  );
}

/**
 * A row of links that each set one query parameter (a list's filter or a page's tab), the current
 * one marked with aria-current; changing it starts the list again at its first page.
 */
export function FilterLinks<V extends string>({
  label,
  param,
  value,
  options,
  resetParams = ["page"],
}: {
  label: string;
  param: string;
  value: V;
  options: readonly { value: V; label: ReactNode }[];
  resetParams?: readonly string[];
}) {
  const [params] = useSearchParams();
  const to = (v: V) => {
    const next = new URLSearchParams(params);
    next.set(param, v);
    for (const p of resetParams) next.delete(p);
    return `?${next}`;
  };
  return (
    <nav aria-label={label}>
      <ul className="inline-flex flex-wrap gap-1 rounded-lg border border-slate-200 bg-white p-1">
        {options.map((o) => (
          <li key={o.value}>
            <Link
              to={to(o.value)}
              aria-current={o.value === value ? "page" : undefined}
              className={`block rounded-md px-3 py-1.5 text-sm no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
                o.value === value ? "bg-blue-700 font-medium text-white" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
