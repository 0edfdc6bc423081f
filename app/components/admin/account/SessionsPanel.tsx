import { useState } from "react";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { useAdminApi } from "../use-admin-api";
import { Badge, Button, Notice, Panel } from "../ui";

export interface SessionView {
  created_at: string;
  last_seen_at: string;
  user_agent: string;
  current: boolean;
}

const WORDS = {
  en: {
    title: "Signed-in devices",
    intro: "A session ends after an hour without use, and after 12 hours at most.",
    none: "No other device is signed in.",
    thisDevice: "This device",
    unknown: "Unknown browser",
    started: "Signed in",
    lastSeen: "Last active",
    everywhere: "Sign out everywhere",
    everywhereText: "Ends every session of your account, on every device, this one included. You will need to sign in again.",
    confirm: "Yes, sign out everywhere",
    cancel: "Cancel",
    working: "Signing out…",
    count: (n: number) => (n === 1 ? "1 active session" : `${n} active sessions`),
  },
  zh: {
    title: "已登录的设备",
    intro: "会话闲置一小时后自动结束，最长有效 12 小时。",
    none: "没有其他设备处于登录状态。",
    thisDevice: "当前设备",
    unknown: "未知浏览器",
    started: "登录时间",
    lastSeen: "最近活动",
    everywhere: "退出所有设备",
    everywhereText: "将结束您账号在所有设备上的会话（包括当前设备），之后需要重新登录。",
    confirm: "确认退出所有设备",
    cancel: "取消",
    working: "正在退出…",
    count: (n: number) => `${n} 个活动会话`,
  },
};

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
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
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
    <Panel title={words.title} actions={<span className="text-xs text-slate-500">{words.count(sessions.length)}</span>}>
      <p className="text-sm text-slate-600">{words.intro}</p>
      {sessions.length ? (
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200">
          {sessions.map((s, i) => (
            <li key={`${s.created_at}-${i}`} className="flex items-start justify-between gap-2 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900" title={s.user_agent}>
                  {deviceName(s.user_agent) ?? words.unknown}
                </p>
                <p className="text-xs text-slate-600">
                  {words.lastSeen}{" "}
                  <time dateTime={s.last_seen_at} suppressHydrationWarning>
                    {formatStaffTime(s.last_seen_at, lang)}
                  </time>
                </p>
                <p className="text-xs text-slate-500">
                  {words.started}{" "}
                  <time dateTime={s.created_at} suppressHydrationWarning>
                    {formatStaffTime(s.created_at, lang)}
                  </time>
                </p>
              </div>
              {s.current ? (
                <span className="shrink-0">
                  <Badge tone="green">{words.thisDevice}</Badge>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{words.none}</p>
      )}
      <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-600">{words.everywhereText}</p>
        {error ? <Notice>{error}</Notice> : null}
        {confirming ? (
          <div className="flex flex-wrap gap-2">
            <Button tone="danger" onClick={() => void signOutEverywhere()} disabled={api.pending} autoFocus>
              {api.pending ? words.working : words.confirm}
            </Button>
            <Button onClick={() => setConfirming(false)} disabled={api.pending}>
              {words.cancel}
            </Button>
          </div>
        ) : (
          <Button tone="danger" onClick={() => setConfirming(true)}>
            {words.everywhere}
          </Button>
        )}
      </div>
    </Panel>
  );
}
