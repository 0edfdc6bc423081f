import { Link } from "react-router";
import { getLanguage, isLangKey } from "~/i18n/languages";
import { REPORT_PERIODS } from "~/lib/usage-report";
import type { UsageReport } from "../../../../server/services/usage.server";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { AdminPage, Badge, EmptyState } from "../ui";
import { BarChart, ChartPanel, DailyColumns } from "./charts";

const WORDS = {
  en: {
    title: "Usage",
    description: "What usage tracking collected from visitors who accepted cookies (never under Global Privacy Control or Do Not Track). Days are UTC days, today included.",
    period: "Period",
    lastDays: (n: number) => `Last ${n} days`,
    since: (from: string) => `Since ${from}`,
    totals: { views: "Page views", clicks: "Clicks", impressions: "Impressions", errors: "Errors", devices: "Devices", dropped: "Dropped as invalid" },
    emptyTitle: (n: number) => `No events in the last ${n} days`,
    emptyText: "Events arrive once visitors accept cookies on the public site.",
    tryLonger: "Try a longer period.",
    perDay: "Events per day",
    perDayHint: "Each kind on its own scale.",
    day: "Day",
    pages: "Views per page",
    pagesHint: "The 20 most viewed pages, all languages together (the language prefix removed).",
    page: "Page",
    views: "Views",
    languages: "Views per language",
    language: "Language",
    clicks: "Clicks",
    clicksHint: "The 20 most clicked elements, by their tracking mark and where they lead.",
    mark: "Mark",
    text: "Text",
    target: "Target",
    unmarked: "(no mark)",
    impressions: "Impressions",
    impressionsHint: "Marked elements seen at least half on screen, once per page view.",
    errors: "Errors",
    errorsHint: "The 20 most frequent errors by message and page.",
    message: "Message",
    type: "Type",
    count: "Count",
    noMessage: "(no message)",
    errorTypes: { 100101: "Resource", 100102: "Script", 100103: "Promise" } as Record<number, string>,
    none: "Nothing in this period.",
  },
  zh: {
    title: "访问统计",
    description: "仅统计已接受 Cookie 的访客（浏览器开启 Global Privacy Control 或 Do Not Track 时从不收集）。按 UTC 日期计算，包含今天。",
    period: "时间范围",
    lastDays: (n: number) => `最近 ${n} 天`,
    since: (from: string) => `自 ${from} 起`,
    totals: { views: "页面浏览", clicks: "点击", impressions: "曝光", errors: "错误", devices: "设备数", dropped: "无效丢弃" },
    emptyTitle: (n: number) => `最近 ${n} 天没有任何事件`,
    emptyText: "访客在公开网站上接受 Cookie 后才会产生事件。",
    tryLonger: "可以试试更长的时间范围。",
    perDay: "每日事件",
    perDayHint: "每种事件使用各自的刻度。",
    day: "日期",
    pages: "各页面浏览量",
    pagesHint: "浏览量最高的 20 个页面，合并所有语言（去掉语言前缀）。",
    page: "页面",
    views: "浏览量",
    languages: "各语言浏览量",
    language: "语言",
    clicks: "点击",
    clicksHint: "点击最多的 20 个元素，按埋点标记和目标地址统计。",
    mark: "标记",
    text: "文字",
    target: "目标",
    unmarked: "（无标记）",
    impressions: "曝光",
    impressionsHint: "带标记的元素至少一半出现在屏幕上时计一次，每次浏览只计一次。",
    errors: "错误",
    errorsHint: "按错误信息和页面统计，出现最多的 20 个错误。",
    message: "错误信息",
    type: "类型",
    count: "次数",
    noMessage: "（无信息）",
    errorTypes: { 100101: "资源", 100102: "脚本", 100103: "Promise" } as Record<number, string>,
    none: "这段时间内没有数据。",
  },
};

type Click = UsageReport["clicks"][number];
type ErrorRow = UsageReport["errorMessages"][number];

export function UsageReportView({ report }: { report: UsageReport }) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  const number = new Intl.NumberFormat(lang === "zh" ? "zh-CN" : "en-GB");
  const format = (n: number) => number.format(n);
  const formatDay = (day: string) => formatStaffTime(new Date(`${day}T00:00:00Z`), lang, { month: "short", day: "numeric", timeZone: "UTC" });
  const longDay = (day: string) => formatStaffTime(new Date(`${day}T00:00:00Z`), lang, { dateStyle: "medium", timeZone: "UTC" });
  const languageName = (key: string) => (isLangKey(key) ? `${getLanguage(key).nativeName} (${key})` : key);
  const { totals } = report;
  const hasEvents = totals.views + totals.clicks + totals.impressions + totals.errors > 0;

  const periods = (
    <nav aria-label={words.period} className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-sm">
      {REPORT_PERIODS.map((d) => (
        <Link
          key={d}
          to={`?days=${d}`}
          aria-current={d === report.days ? "page" : undefined}
          className={`rounded px-3 py-1.5 no-underline ${d === report.days ? "bg-blue-700 font-medium text-white" : "text-slate-700 hover:bg-slate-100"}`}
        >
          {words.lastDays(d)}
        </Link>
      ))}
    </nav>
  );

  const series = [
    { key: "views", title: words.totals.views, fill: "fill-blue-600" },
    { key: "clicks", title: words.totals.clicks, fill: "fill-emerald-600" },
    { key: "impressions", title: words.totals.impressions, fill: "fill-violet-600" },
    { key: "errors", title: words.totals.errors, fill: "fill-red-600" },
  ] as const;
  const dayList = report.daily.map((d) => d.day);

  const clickLabel = (c: Click) => c.key || c.content || words.unmarked;
  const errorType = (t: number) => words.errorTypes[t] ?? String(t);

  return (
    <AdminPage title={words.title} description={words.description} actions={periods}>
      <p className="-mt-4 mb-4 text-sm text-slate-600">{words.since(longDay(report.from))}</p>
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {(["views", "clicks", "impressions", "errors", "devices", "dropped"] as const).map((k) => (
          <div key={k} className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
            <dt className="text-xs font-medium text-slate-500">{words.totals[k]}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{format(totals[k])}</dd>
          </div>
        ))}
      </dl>

      {!hasEvents ? (
        <EmptyState title={words.emptyTitle(report.days)}>
          {words.emptyText} {report.days < REPORT_PERIODS.at(-1)! ? words.tryLonger : null}
        </EmptyState>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartPanel
            className="lg:col-span-2"
            title={words.perDay}
            description={words.perDayHint}
            empty={words.none}
            rows={report.daily}
            columns={[
              { label: words.day, value: (d) => longDay(d.day), nowrap: true },
              ...series.map((s) => ({ label: s.title, value: (d: (typeof report.daily)[number]) => format(d[s.key]), numeric: true })),
            ]}
            chart={
              <div className="grid gap-x-8 gap-y-5 md:grid-cols-2">
                {series.map((s) => (
                  <DailyColumns
                    key={s.key}
                    title={s.title}
                    total={format(totals[s.key])}
                    days={dayList}
                    values={report.daily.map((d) => d[s.key])}
                    fill={s.fill}
                    format={format}
                    formatDay={formatDay}
                  />
                ))}
              </div>
            }
          />

          <ChartPanel
            title={words.pages}
            description={words.pagesHint}
            empty={words.none}
            rows={report.pages}
            columns={[
              { label: words.page, value: (p) => p.page },
              { label: words.views, value: (p) => format(p.views), numeric: true },
            ]}
            chart={<BarChart color="bg-blue-600" format={format} bars={report.pages.map((p) => ({ key: p.page, label: <span className="font-mono text-xs">{p.page}</span>, value: p.views }))} />}
          />

          <ChartPanel
            title={words.languages}
            empty={words.none}
            rows={report.languages}
            columns={[
              { label: words.language, value: (l) => languageName(l.lang) },
              { label: words.views, value: (l) => format(l.views), numeric: true },
            ]}
            chart={<BarChart color="bg-sky-600" format={format} bars={report.languages.map((l) => ({ key: l.lang, label: languageName(l.lang), value: l.views }))} />}
          />

          <ChartPanel<Click>
            title={words.clicks}
            description={words.clicksHint}
            empty={words.none}
            rows={report.clicks}
            columns={[
              { label: words.mark, value: (c) => c.key || words.unmarked },
              { label: words.text, value: (c) => c.content ?? "" },
              { label: words.target, value: (c) => c.target },
              { label: words.clicks, value: (c) => format(c.clicks), numeric: true },
            ]}
            chart={
              <BarChart
                color="bg-emerald-600"
                format={format}
                bars={report.clicks.map((c, i) => ({
                  key: `${i}`,
                  label: (
                    <>
                      <span className={c.key ? "font-mono text-xs" : ""}>{clickLabel(c)}</span>
                      {c.key && c.content ? <span className="text-slate-500"> · {c.content}</span> : null}
                    </>
                  ),
                  detail: c.target ? `→ ${c.target}` : undefined,
                  value: c.clicks,
                }))}
              />
            }
          />

          <ChartPanel
            title={words.impressions}
            description={words.impressionsHint}
            empty={words.none}
            rows={report.impressions}
            columns={[
              { label: words.mark, value: (m) => m.key || words.unmarked },
              { label: words.impressions, value: (m) => format(m.impressions), numeric: true },
            ]}
            chart={<BarChart color="bg-violet-600" format={format} bars={report.impressions.map((m, i) => ({ key: `${i}`, label: <span className="font-mono text-xs">{m.key || words.unmarked}</span>, value: m.impressions }))} />}
          />

          <ChartPanel<ErrorRow>
            className="lg:col-span-2"
            title={words.errors}
            description={words.errorsHint}
            empty={words.none}
            rows={report.errorMessages}
            columns={[
              { label: words.type, value: (e) => errorType(e.error_type) },
              { label: words.message, value: (e) => e.message || words.noMessage },
              { label: words.page, value: (e) => e.page },
              { label: words.count, value: (e) => format(e.errors), numeric: true },
            ]}
            chart={
              <BarChart
                color="bg-red-600"
                format={format}
                bars={report.errorMessages.map((e, i) => ({
                  key: `${i}`,
                  label: (
                    <>
                      <Badge tone="red">{errorType(e.error_type)}</Badge> <span className="break-all">{e.message || words.noMessage}</span>
                    </>
                  ),
                  detail: <span className="font-mono">{e.page}</span>,
                  value: e.errors,
                }))}
              />
            }
          />
        </div>
      )}
    </AdminPage>
  );
}
