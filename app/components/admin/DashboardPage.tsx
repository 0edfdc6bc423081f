import { Link } from "react-router";
import type { StaffRole } from "~/lib/staff-access";
import type { DashboardCounts } from "../../../server/services/staff-dashboard.server";
import { useAdminText } from "./admin-lang";
import { AdminPage } from "./ui";

const WORDS = {
  en: {
    title: (name: string) => `Hello, ${name}`,
    intro: "What is waiting in the areas you look after.",
    bookings: "Bookings",
    unsolvedUpcoming: "upcoming, not solved",
    today: "bookings today",
    inbox: "Messages and applications",
    newMessages: "new messages",
    newApplications: "new partner applications",
    undelivered: "announcements not delivered yet",
    comments: "Comments",
    lastWeek: "new in the last 7 days",
    hidden: "hidden",
    feedback: "Help feedback",
    unsolvedLastMonth: "\"not solved\" votes in 30 days",
    searchMisses: "searches that found nothing",
    content: "Content",
    drafts: "drafts not published",
    scheduled: "scheduled",
    failed: "scheduled publishes that failed",
    open: "Open",
  },
  zh: {
    title: (name: string) => `您好，${name}`,
    intro: "您负责的各个板块中待处理的事项。",
    bookings: "预约",
    unsolvedUpcoming: "即将进行且未解决",
    today: "今天的预约",
    inbox: "留言与申请",
    newMessages: "新留言",
    newApplications: "新的合作申请",
    undelivered: "尚未送达的通知",
    comments: "评论",
    lastWeek: "近 7 天的新评论",
    hidden: "已隐藏的评论",
    feedback: "帮助反馈",
    unsolvedLastMonth: "30 天内“未解决”的反馈",
    searchMisses: "无结果的搜索词",
    content: "内容",
    drafts: "未发布的草稿",
    scheduled: "定时发布",
    failed: "定时发布失败",
    open: "打开",
  },
};

function Card({ title, to, items }: { title: string; to: string; items: [number, string][] }) {
  const words = useAdminText(WORDS);
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
        {words.open} {title}
      </Link>
    </section>
  );
}

export function DashboardPage({ counts, name }: { counts: DashboardCounts; name: string; role: StaffRole }) {
  const words = useAdminText(WORDS);
  return (
    <AdminPage title={words.title(name)} description={words.intro}>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {counts.bookings ? (
          <Card title={words.bookings} to="/admin/bookings" items={[[counts.bookings.unsolvedUpcoming, words.unsolvedUpcoming], [counts.bookings.today, words.today]]} />
        ) : null}
        {counts.inbox ? (
          <Card
            title={words.inbox}
            to="/admin/inbox"
            items={[
              [counts.inbox.newMessages, words.newMessages],
              [counts.inbox.newApplications, words.newApplications],
              [counts.inbox.undelivered, words.undelivered],
            ]}
          />
        ) : null}
        {counts.comments ? <Card title={words.comments} to="/admin/comments" items={[[counts.comments.lastWeek, words.lastWeek], [counts.comments.hidden, words.hidden]]} /> : null}
        {counts.feedback ? (
          <Card title={words.feedback} to="/admin/feedback" items={[[counts.feedback.unsolvedLastMonth, words.unsolvedLastMonth], [counts.feedback.searchMisses, words.searchMisses]]} />
        ) : null}
        {counts.content ? (
          <Card
            title={words.content}
            to="/admin/content"
            items={[
              [counts.content.drafts, words.drafts],
              [counts.content.scheduled, words.scheduled],
              [counts.content.failed, words.failed],
            ]}
          />
        ) : null}
      </div>
    </AdminPage>
  );
}
