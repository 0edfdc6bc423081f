import { useState } from "react";
import { Link } from "react-router";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { SiteLang } from "../SiteLang";
import { AdminPage, Badge, Button, EmptyState, FilterLinks, Notice, Pager, TableFrame, TD, TH } from "../ui";
import { useAdminApi } from "../use-admin-api";
import { DeliveryCell } from "./DeliveryStatusView";
import type { ApplicationSummary, InboxCounts, InboxFilter, InboxKind, InboxPage as Paged, InboxStatus, MessageSummary } from "./types";

export type InboxTab = "messages" | "applications";

const WORDS = {
  en: {
    title: "Messages & applications",
    description: "Messages visitors left through the chat form when no chat could load, and applications to the partner programme. Each was announced to staff systems through the outbox; its delivery is shown beside it.",
    tabs: "Inbox",
    messages: "Messages",
    applications: "Partner applications",
    newCount: (n: number) => `${n} new`,
    filter: "Show",
    filters: { new: "New", handled: "Handled", all: "All" },
    caption: { messages: "Messages from the chat form, newest first", applications: "Partner applications, newest first" },
    from: "From",
    company: "Company",
    receivedLanguage: "Received · language",
    message: "Message",
    delivery: "Delivery",
    status: "Status",
    statuses: { new: "New", handled: "Handled" },
    markHandled: "Mark handled",
    markNew: "Mark new",
    open: (who: string) => `Open ${who}`,
    empty: {
      new: "Nothing new. Everything has been handled.",
      handled: "Nothing handled yet.",
      all: "Nothing has arrived yet.",
    },
    emptyHint: { messages: "Messages appear here when visitors use the chat's message form.", applications: "Applications appear here when companies apply on the partner programme page." },
  },
  zh: {
    title: "留言与申请",
    description: "访客在聊天组件无法加载时通过留言表单发送的消息，以及合作伙伴计划的申请。每条记录都会通过发件箱通知员工系统，旁边显示其送达状态。",
    tabs: "收件箱",
    messages: "访客留言",
    applications: "合作伙伴申请",
    newCount: (n: number) => `${n} 条未处理`,
    filter: "显示",
    filters: { new: "未处理", handled: "已处理", all: "全部" },
    caption: { messages: "聊天表单留言，最新在前", applications: "合作伙伴申请，最新在前" },
    from: "发件人",
    company: "公司",
    receivedLanguage: "收到时间 · 语言",
    message: "内容",
    delivery: "送达状态",
    status: "状态",
    statuses: { new: "未处理", handled: "已处理" },
    markHandled: "标记为已处理",
    markNew: "标记为未处理",
    open: (who: string) => `打开 ${who}`,
    empty: {
      new: "没有未处理的记录，全部处理完毕。",
      handled: "还没有已处理的记录。",
      all: "还没有收到任何记录。",
    },
    emptyHint: { messages: "访客使用聊天留言表单后，留言会显示在这里。", applications: "企业在合作伙伴计划页面提交申请后，申请会显示在这里。" },
  },
};

export interface InboxPageProps {
  tab: InboxTab;
  status: InboxFilter;
  counts: { messages: InboxCounts; applications: InboxCounts };
  messages: Paged<MessageSummary> | null;
  applications: Paged<ApplicationSummary> | null;
}

export function InboxPage({ tab, status, counts, messages, applications }: InboxPageProps) {
  const words = useAdminText(WORDS);
  const page = messages ?? applications!;
  const tabLabel = (key: InboxTab) => (
    <>
      {words[key]}
      {counts[key].new ? (
        <span className="ml-1.5 rounded-full bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{words.newCount(counts[key].new)}</span>
      ) : null}
    </>
  );
  return (
    <AdminPage title={words.title} description={words.description}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <FilterLinks
          label={words.tabs}
          param="tab"
          value={tab}
          options={[
            { value: "messages", label: tabLabel("messages") },
            { value: "applications", label: tabLabel("applications") },
          ]}
        />
        <FilterLinks
          label={words.filter}
          param="status"
          value={status}
          options={(["new", "handled", "all"] as const).map((v) => ({ value: v, label: words.filters[v] }))}
        />
      </div>
      {page.list.length === 0 ? (
        <EmptyState title={words.empty[status]}>{words.emptyHint[tab]}</EmptyState>
      ) : (
        <>
          <div className="hidden md:block">{messages ? (
              <InboxTable kind="message" list={messages.list} caption={words.caption.messages} whoHeader={words.from} who={(m) => ({ name: m.name, lines: [m.contact] })} />
            ) : (
              <InboxTable
                kind="application"
                list={applications!.list}
                caption={words.caption.applications}
                whoHeader={words.company}
                who={(a) => ({ name: a.company, lines: [a.contact_name, a.email] })}
              />
            )}</div>
          <ul className="space-y-3 md:hidden" aria-label={words.caption[tab]}>
            {messages
              ? messages.list.map((m) => (
                  <InboxCard key={m.id} kind="message" id={m.id} status={m.status} title={m.name} lines={[m.contact]} record={m} />
                ))
              : applications!.list.map((a) => (
                  <InboxCard key={a.id} kind="application" id={a.id} status={a.status} title={a.company} lines={[a.contact_name, a.email]} record={a} />
                ))}
          </ul>
          <Pager page={page.page} pageSize={page.page_size} total={page.total} />
        </>
      )}
    </AdminPage>
  );
}

/** Marks a record handled or new from its row or its page; the page's data reloads after. */
export function useStatusChange(kind: InboxKind) {
  const api = useAdminApi();
  const [error, setError] = useState<string | null>(null);
  const change = async (id: number, status: InboxStatus) => {
    setError(null);
    const r = await api.post(`/admin/inbox/${kind}/status`, { id, status });
    if (!r.ok) setError(r.message);
  };
  return { change, error, pending: api.pending };
}

function StatusCell({ kind, id, status }: { kind: InboxKind; id: number; status: InboxStatus }) {
  const words = useAdminText(WORDS);
  const { change, error, pending } = useStatusChange(kind);
  return (
    <div className="flex flex-col items-start gap-1.5">
      <Badge tone={status === "new" ? "amber" : "green"}>{words.statuses[status]}</Badge>
      <Button small tone="ghost" className="-ml-2.5 whitespace-nowrap" disabled={pending} onClick={() => void change(id, status === "new" ? "handled" : "new")}>
        {status === "new" ? words.markHandled : words.markNew}
      </Button>
      {error ? <Notice>{error}</Notice> : null}
    </div>
  );
}

/** One record on a phone: the same facts as a table row, stacked. */
function InboxCard({ kind, id, status, title, lines, record }: { kind: InboxKind; id: number; status: InboxStatus; title: string; lines: string[]; record: MessageSummary | ApplicationSummary }) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  return (
    <li className={`rounded-lg border border-slate-200 p-4 shadow-sm ${status === "new" ? "bg-amber-50/40" : "bg-white"}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to={`/admin/inbox/${kind}/${id}`} className="font-medium break-words text-blue-800 underline" aria-label={words.open(`${title} (${record.reference})`)}>
            {title}
          </Link>
          {lines.map((line, i) => (
            <p key={i} className="truncate text-xs text-slate-600">
              {line}
            </p>
          ))}
        </div>
        <p className="shrink-0 text-right text-xs text-slate-600">
          {formatStaffTime(record.created_at, lang)}
          <br />
          <SiteLang lang={record.lang} />
        </p>
      </div>
      <p className="mt-2 text-sm break-words text-slate-700">{record.preview}</p>
      <div className="mt-3 flex items-start justify-between gap-3 border-t border-slate-100 pt-3">
        <DeliveryCell delivery={record.delivery} />
        <StatusCell kind={kind} id={id} status={status} />
      </div>
    </li>
  );
}

interface InboxRow {
  id: number;
  reference: string;
  status: InboxStatus;
  created_at: string;
  lang: string;
  preview: string;
  delivery: MessageSummary["delivery"];
}

/** Messages and applications in one table shape; only who sent it differs. */
function InboxTable<T extends InboxRow>({
  kind,
  list,
  caption,
  whoHeader,
  who,
}: {
  kind: InboxKind;
  list: T[];
  caption: string;
  whoHeader: string;
  who: (row: T) => { name: string; lines: string[] };
}) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  return (
    <TableFrame caption={caption}>
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={TH}>{whoHeader}</th>
          <th scope="col" className={TH}>{words.receivedLanguage}</th>
          <th scope="col" className={TH}>{words.message}</th>
          <th scope="col" className={TH}>{words.delivery}</th>
          <th scope="col" className={TH}>{words.status}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {list.map((row) => {
          const sender = who(row);
          return (
            <tr key={row.id} className={row.status === "new" ? "bg-amber-50/40" : undefined}>
              <td className={`${TD} min-w-44`}>
                <Link to={`/admin/inbox/${kind}/${row.id}`} className="font-medium text-blue-800 underline-offset-2 hover:underline" aria-label={words.open(`${sender.name} (${row.reference})`)}>
                  {sender.name}
                </Link>
                {sender.lines.map((line) => (
                  <p key={line} className="max-w-56 truncate text-xs text-slate-600" title={line}>
                    {line}
                  </p>
                ))}
                <p className="font-mono text-xs text-slate-400">{row.reference}</p>
              </td>
              <td className={`${TD} whitespace-nowrap`}>
                {formatStaffTime(row.created_at, lang)}
                <p className="mt-1 text-xs">
                  <SiteLang lang={row.lang} />
                </p>
              </td>
              <td className={`${TD} min-w-64 max-w-md text-slate-700`}>{row.preview}</td>
              <td className={`${TD} min-w-40`}>
                <DeliveryCell delivery={row.delivery} />
              </td>
              <td className={TD}>
                <StatusCell kind={kind} id={row.id} status={row.status} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableFrame>
  );
}
