import { useState } from "react";
import { useFormAction } from "~/lib/form-outcome";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { StaffFormFields } from "../staff-form";
import { ACCOUNT_FORMS } from "./account-forms";
import { Badge, Button, Notice, Panel } from "../ui";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/account";

export type SessionView = PageData<typeof loader>["sessions"][number];

/** A short name for a user agent: browser and system, enough to recognise one's own devices. */
export function deviceName(userAgent: string): string | null {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrom(e|ium)\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (!browser && !system) return null;
  return [browser, system].filter(Boolean).join(" · ");
}

export function SessionsPanel({ sessions }: { sessions: SessionView[] }) {
  const { t } = useAdminWords("account", "sessions");
  const locale = useStaffLocale();
  const { fetcher, outcome, busy } = useFormAction<{ sessions_ended: number }>(ACCOUNT_FORMS.signOutEverywhere);
  // "Are you sure?" opens in place; a <details>, so it opens without scripts too.
  const [confirming, setConfirming] = useState(false);
  const error = outcome?.ok === false ? outcome.message : null;

  return (
    <Panel title={t("title")} actions={<span className="text-xs text-slate-500">{t("count", { count: sessions.length })}</span>}>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      {sessions.length ? (
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200">
          {sessions.map((s, i) => (
            <li key={`${s.created_at}-${i}`} className="flex items-start justify-between gap-2 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900" title={s.user_agent}>
                  {deviceName(s.user_agent) ?? t("unknown")}
                </p>
                <p className="text-xs text-slate-600">
                  {t("lastSeen")}{" "}
                  <time dateTime={s.last_seen_at} suppressHydrationWarning>
                    {formatStaffTime(s.last_seen_at, locale)}
                  </time>
                </p>
                <p className="text-xs text-slate-500">
                  {t("started")}{" "}
                  <time dateTime={s.created_at} suppressHydrationWarning>
                    {formatStaffTime(s.created_at, locale)}
                  </time>
                </p>
              </div>
              {s.current ? (
                <span className="shrink-0">
                  <Badge tone="green">{t("thisDevice")}</Badge>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t("none")}</p>
      )}
      <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-600">{t("everywhereText")}</p>
        {error ? <Notice>{error}</Notice> : null}
        <details open={confirming} onToggle={(event) => setConfirming(event.currentTarget.open)} className="group">
          <summary className="inline-flex cursor-pointer list-none items-center justify-center rounded-md bg-red-700 px-3.5 py-2 text-sm font-medium text-white group-open:hidden hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 [&::-webkit-details-marker]:hidden">
            {t("everywhere")}
          </summary>
          {/* Signed out, the action sends this browser to sign in again. */}
          <fetcher.Form method="post" className="flex flex-wrap gap-2">
            <StaffFormFields intent={ACCOUNT_FORMS.signOutEverywhere} />
            <Button type="submit" tone="danger" disabled={busy}>
              {busy ? t("working") : t("confirm")}
            </Button>
            <a
              href="/admin/account"
              onClick={(event) => {
                event.preventDefault();
                setConfirming(false);
              }}
              className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-800 no-underline hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              {t("cancel")}
            </a>
          </fetcher.Form>
        </details>
      </div>
    </Panel>
  );
}
