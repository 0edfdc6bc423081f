import { useState } from "react";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { useAdminApi } from "../use-admin-api";
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
  const api = useAdminApi();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signOutEverywhere = async () => {
    setError(null);
    const result = await api.post("/admin/sign-out-everywhere", {}, { revalidate: false });
    if (result.ok) window.location.assign("/admin/sign-in");
    else setError(result.message);
  };

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
        {confirming ? (
          <div className="flex flex-wrap gap-2">
            <Button tone="danger" onClick={() => void signOutEverywhere()} disabled={api.pending} autoFocus>
              {api.pending ? t("working") : t("confirm")}
            </Button>
            <Button onClick={() => setConfirming(false)} disabled={api.pending}>
              {t("cancel")}
            </Button>
          </div>
        ) : (
          <Button tone="danger" onClick={() => setConfirming(true)}>
            {t("everywhere")}
          </Button>
        )}
      </div>
    </Panel>
  );
}
