import type { ReactNode } from "react";
import { Link } from "react-router";
import { useFormAction } from "~/lib/form-outcome";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { SiteLang } from "../SiteLang";
import { AdminPage, Badge, Button, EmptyState, FilterLinks, Notice, Pager, TableFrame, TD, TH } from "../ui";
import { StaffFormFields } from "../staff-form";
import { inboxIntent } from "./inbox-forms";
import { DeliveryCell } from "./DeliveryStatusView";
import type { ApplicationSummary, InboxKind, InboxStatus, MessageSummary } from "@contracts/staff-inbox";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/inbox";

export type InboxTab = "messages" | "applications";

/** What the /admin/inbox loader sends. */
export type InboxPageProps = PageData<typeof loader>;

export function InboxPage({ tab, status, counts, messages, applications }: InboxPageProps) {
  const { t } = useAdminWords("inbox", "list");
  const page = messages ?? applications!;
  const tabLabel = (key: InboxTab) => (
    <>
      {t(key)}
      {counts[key].new ? (
        <span className="ml-1.5 rounded-full bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{t("newCount", { n: counts[key].new })}</span>
      ) : null}
    </>
  );
  return (
    <AdminPage title={t("title")} description={t("description")}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <FilterLinks
          label={t("tabs")}
          param="tab"
          value={tab}
          options={[
            { value: "messages", label: tabLabel("messages") },
            { value: "applications", label: tabLabel("applications") },
          ]}
        />
        <FilterLinks
          label={t("filter")}
          param="status"
          value={status}
          options={(["new", "handled", "all"] as const).map((v) => ({ value: v, label: t(`filters.${v}`) }))}
        />
      </div>
      {page.list.length === 0 ? (
        <EmptyState title={t(`empty.${status}`)}>{t(`emptyHint.${tab}`)}</EmptyState>
      ) : (
        <>
          <div className="hidden md:block">
            {messages ? (
              <InboxTable
                kind="message"
                list={messages.list}
                caption={t("caption.messages")}
                whoHeader={t("from")}
                who={(m) => ({ name: m.name, lines: [m.contact] })}
              />
            ) : (
              <InboxTable
                kind="application"
                list={applications!.list}
                caption={t("caption.applications")}
                whoHeader={t("company")}
                who={(a) => ({ name: a.company, lines: [a.contact_name, a.email] })}
              />
            )}
          </div>
          <ul className="space-y-3 md:hidden" aria-label={t(`caption.${tab}`)}>
            {messages
              ? messages.list.map((m) => <InboxCard key={m.id} kind="message" id={m.id} status={m.status} title={m.name} lines={[m.contact]} record={m} />)
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

/**
 * Marks a record handled or new from its row or its page, posted to the page's action (the
 * /api/admin/inbox/<kind>/status endpoint's declaration); the page's data reloads after.
 */
export function useStatusChange(kind: InboxKind, id: number) {
  const { outcome, busy } = useFormAction(inboxIntent(kind, id));
  return { error: outcome?.ok === false ? outcome.message : null, pending: busy };
}

/** The form around a record's status button (useStatusChange reads its answer: the same fetcher, by intent). */
export function InboxStatusForm({ kind, id, status, children }: { kind: InboxKind; id: number; status: InboxStatus; children: ReactNode }) {
  const { fetcher } = useFormAction(inboxIntent(kind, id));
  return (
    <fetcher.Form method="post">
      <StaffFormFields intent={inboxIntent(kind, id)} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="status" value={status === "new" ? "handled" : "new"} />
      {children}
    </fetcher.Form>
  );
}

function StatusCell({ kind, id, status }: { kind: InboxKind; id: number; status: InboxStatus }) {
  const { t } = useAdminWords("inbox", "list");
  const { error, pending } = useStatusChange(kind, id);
  return (
    <div className="flex flex-col items-start gap-1.5">
      <Badge tone={status === "new" ? "amber" : "green"}>{t(`statuses.${status}`)}</Badge>
      <InboxStatusForm kind={kind} id={id} status={status}>
        <Button type="submit" small tone="ghost" className="-ml-2.5 whitespace-nowrap" disabled={pending}>
          {status === "new" ? t("markHandled") : t("markNew")}
        </Button>
      </InboxStatusForm>
      {error ? <Notice>{error}</Notice> : null}
    </div>
  );
}

/** One record on a phone: the same facts as a table row, stacked. */
function InboxCard({
  kind,
  id,
  status,
  title,
  lines,
  record,
}: {
  kind: InboxKind;
  id: number;
  status: InboxStatus;
  title: string;
  lines: string[];
  record: MessageSummary | ApplicationSummary;
}) {
  const { t } = useAdminWords("inbox", "list");
  const locale = useStaffLocale();
  return (
    <li className={`rounded-lg border border-slate-200 p-4 shadow-sm ${status === "new" ? "bg-amber-50/40" : "bg-white"}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={`/admin/inbox/${kind}/${id}`}
            className="font-medium break-words text-blue-800 underline"
            aria-label={t("open", { who: `${title} (${record.reference})` })}
          >
            {title}
          </Link>
          {lines.map((line, i) => (
            <p key={i} className="truncate text-xs text-slate-600">
              {line}
            </p>
          ))}
        </div>
        <p className="shrink-0 text-right text-xs text-slate-600">
          {formatStaffTime(record.created_at, locale)}
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
  const { t } = useAdminWords("inbox", "list");
  const locale = useStaffLocale();
  return (
    <TableFrame caption={caption}>
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={TH}>
            {whoHeader}
          </th>
          <th scope="col" className={TH}>
            {t("receivedLanguage")}
          </th>
          <th scope="col" className={TH}>
            {t("message")}
          </th>
          <th scope="col" className={TH}>
            {t("delivery")}
          </th>
          <th scope="col" className={TH}>
            {t("status")}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {list.map((row) => {
          const sender = who(row);
          return (
            <tr key={row.id} className={row.status === "new" ? "bg-amber-50/40" : undefined}>
              <td className={`${TD} min-w-44`}>
                <Link
                  to={`/admin/inbox/${kind}/${row.id}`}
                  className="font-medium text-blue-800 underline-offset-2 hover:underline"
                  aria-label={t("open", { who: `${sender.name} (${row.reference})` })}
                >
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
                {formatStaffTime(row.created_at, locale)}
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
