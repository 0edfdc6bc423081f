import { Link } from "react-router";
import { getLanguage, isLangKey } from "~/i18n/languages";
import { REPORT_PERIODS } from "@contracts/usage-report";
import type { UsageReport } from "../../../../server/services/usage.server";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { AdminPage, Badge, EmptyState } from "../ui";
import { BarChart, ChartPanel, DailyColumns } from "./charts";
import { useAdminWords } from "../admin-words";

type Click = UsageReport["clicks"][number];
type ErrorRow = UsageReport["errorMessages"][number];

export function UsageReportView({ report }: { report: UsageReport }) {
  const { t, maybe } = useAdminWords("usage", "report");
  const locale = useStaffLocale();
  const { lang } = locale;
  const number = new Intl.NumberFormat(lang === "zh" ? "zh-CN" : "en-GB");
  const format = (n: number) => number.format(n);
  const formatDay = (day: string) => formatStaffTime(new Date(`${day}T00:00:00Z`), locale, { month: "short", day: "numeric", timeZone: "UTC" });
  const longDay = (day: string) => formatStaffTime(new Date(`${day}T00:00:00Z`), locale, { dateStyle: "medium", timeZone: "UTC" });
  // A language's own name in its script, drawn by the language names' font where the staff
  // member's machine has no font for that script (app/fonts/fonts.css), as in the language menu.
  const languageName = (key: string) => {
    if (!isLangKey(key)) return key;
    const language = getLanguage(key);
    return (
      <span data-language-names="">
        <span lang={language.tag}>{language.nativeName}</span> ({key})
      </span>
    );
  };
  const { totals } = report;
  const hasEvents = totals.views + totals.clicks + totals.impressions + totals.errors > 0;

  const periods = (
    <nav aria-label={t("period")} className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-sm">
      {REPORT_PERIODS.map((d) => (
        <Link
          key={d}
          to={`?days=${d}`}
          aria-current={d === report.days ? "page" : undefined}
          className={`rounded px-3 py-1.5 no-underline ${d === report.days ? "bg-blue-700 font-medium text-white" : "text-slate-700 hover:bg-slate-100"}`}
        >
          {t("lastDays", { n: d })}
        </Link>
      ))}
    </nav>
  );

  const series = [
    { key: "views", title: t("totals.views"), fill: "fill-blue-600" },
    { key: "clicks", title: t("totals.clicks"), fill: "fill-emerald-600" },
    { key: "impressions", title: t("totals.impressions"), fill: "fill-violet-600" },
    { key: "errors", title: t("totals.errors"), fill: "fill-red-600" },
  ] as const;
  const dayList = report.daily.map((d) => d.day);

  const clickLabel = (c: Click) => c.key || c.content || t("unmarked");
  const errorType = (type: number) => maybe(`errorTypes.${type}`) ?? String(type);

  return (
    <AdminPage title={t("title")} description={t("description")} actions={periods}>
      <p className="-mt-4 mb-4 text-sm text-slate-600">{t("since", { from: longDay(report.from) })}</p>
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {(["views", "clicks", "impressions", "errors", "devices", "dropped"] as const).map((k) => (
          <div key={k} className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
            <dt className="text-xs font-medium text-slate-500">{t(`totals.${k}`)}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{format(totals[k])}</dd>
          </div>
        ))}
      </dl>

      {!hasEvents ? (
        <EmptyState title={t("emptyTitle", { n: report.days })}>
          {t("emptyText")} {report.days < REPORT_PERIODS.at(-1)! ? t("tryLonger") : null}
        </EmptyState>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartPanel
            className="lg:col-span-2"
            title={t("perDay")}
            description={t("perDayHint")}
            empty={t("none")}
            rows={report.daily}
            columns={[
              { label: t("day"), value: (d) => longDay(d.day), nowrap: true },
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
            title={t("pages")}
            description={t("pagesHint")}
            empty={t("none")}
            rows={report.pages}
            columns={[
              { label: t("page"), value: (p) => p.page },
              { label: t("views"), value: (p) => format(p.views), numeric: true },
            ]}
            chart={
              <BarChart
                color="bg-blue-600"
                format={format}
                bars={report.pages.map((p) => ({ key: p.page, label: <span className="font-mono text-xs">{p.page}</span>, value: p.views }))}
              />
            }
          />

          <ChartPanel
            title={t("languages")}
            empty={t("none")}
            rows={report.languages}
            columns={[
              { label: t("language"), value: (l) => languageName(l.lang) },
              { label: t("views"), value: (l) => format(l.views), numeric: true },
            ]}
            chart={
              <BarChart color="bg-sky-600" format={format} bars={report.languages.map((l) => ({ key: l.lang, label: languageName(l.lang), value: l.views }))} />
            }
          />

          <ChartPanel<Click>
            title={t("clicks")}
            description={t("clicksHint")}
            empty={t("none")}
            rows={report.clicks}
            columns={[
              { label: t("mark"), value: (c) => c.key || t("unmarked") },
              { label: t("text"), value: (c) => c.content ?? "" },
              { label: t("target"), value: (c) => c.target },
              { label: t("clicks"), value: (c) => format(c.clicks), numeric: true },
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
            title={t("impressions")}
            description={t("impressionsHint")}
            empty={t("none")}
            rows={report.impressions}
            columns={[
              { label: t("mark"), value: (m) => m.key || t("unmarked") },
              { label: t("impressions"), value: (m) => format(m.impressions), numeric: true },
            ]}
            chart={
              <BarChart
                color="bg-violet-600"
                format={format}
                bars={report.impressions.map((m, i) => ({
                  key: `${i}`,
                  label: <span className="font-mono text-xs">{m.key || t("unmarked")}</span>,
                  value: m.impressions,
                }))}
              />
            }
          />

          <ChartPanel<ErrorRow>
            className="lg:col-span-2"
            title={t("errors")}
            description={t("errorsHint")}
            empty={t("none")}
            rows={report.errorMessages}
            columns={[
              { label: t("type"), value: (e) => errorType(e.error_type) },
              { label: t("message"), value: (e) => e.message || t("noMessage") },
              { label: t("page"), value: (e) => e.page },
              { label: t("count"), value: (e) => format(e.errors), numeric: true },
            ]}
            chart={
              <BarChart
                color="bg-red-600"
                format={format}
                bars={report.errorMessages.map((e, i) => ({
                  key: `${i}`,
                  label: (
                    <>
                      <Badge tone="red">{errorType(e.error_type)}</Badge> <span className="break-all">{e.message || t("noMessage")}</span>
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
