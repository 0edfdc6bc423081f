import { Link } from "react-router";
import type { StaffRole } from "@contracts/staff-access";
import type { DashboardCounts } from "../../../server/pages/staff-dashboard.server";
import { AdminPage } from "./ui";
import { useAdminWords } from "./admin-words";

function Card({ title, to, items }: { title: string; to: string; items: [number, string][] }) {
  const { t } = useAdminWords("dashboard", "page");
  return (
    <section className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 flex-1 space-y-1.5">
        {items.map(([n, label]) => (
          <li key={label} className="flex items-baseline gap-2">
            <span className={`text-2xl font-semibold tabular-nums ${n > 0 ? "text-slate-900" : "text-slate-400"}`}>{n}</span>
            <span className="text-sm text-slate-600">{label}</span>
          </li>
        ))}
      </ul>
      <Link to={to} className="mt-3 self-start text-sm font-medium text-blue-800 underline">
        {t("open")} {title}
      </Link>
    </section>
  );
}

export function DashboardPage({ counts, name }: { counts: DashboardCounts; name: string; role: StaffRole }) {
  const { t } = useAdminWords("dashboard", "page");
  return (
    <AdminPage title={t("title", { name })} description={t("intro")}>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {counts.bookings ? (
          <Card
            title={t("bookings")}
            to="/admin/bookings"
            items={[
              [counts.bookings.unsolvedUpcoming, t("unsolvedUpcoming")],
              [counts.bookings.today, t("today")],
            ]}
          />
        ) : null}
        {counts.inbox ? (
          <Card
            title={t("inbox")}
            to="/admin/inbox"
            items={[
              [counts.inbox.newMessages, t("newMessages")],
              [counts.inbox.newApplications, t("newApplications")],
              [counts.inbox.undelivered, t("undelivered")],
            ]}
          />
        ) : null}
        {counts.comments ? (
          <Card
            title={t("comments")}
            to="/admin/comments"
            items={[
              [counts.comments.lastWeek, t("lastWeek")],
              [counts.comments.hidden, t("hidden")],
            ]}
          />
        ) : null}
        {counts.feedback ? (
          <Card
            title={t("feedback")}
            to="/admin/feedback"
            items={[
              [counts.feedback.unsolvedLastMonth, t("unsolvedLastMonth")],
              [counts.feedback.searchMisses, t("searchMisses")],
            ]}
          />
        ) : null}
        {counts.content ? (
          <Card
            title={t("content")}
            to="/admin/content"
            items={[
              [counts.content.drafts, t("drafts")],
              [counts.content.scheduled, t("scheduled")],
              [counts.content.failed, t("failed")],
            ]}
          />
        ) : null}
      </div>
    </AdminPage>
  );
}
