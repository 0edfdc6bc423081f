import { useState, type FormEvent } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { API_ERRORS } from "~/lib/api-errors";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { AdminPage, Badge, Button, ConfirmStrip, EmptyState, Notice, Pager, SelectField } from "../ui";
import { useAdminApi } from "../use-admin-api";
import { AuditChanges } from "./AuditChanges";

export interface AuditEntryView {
  id: number;
  staff_email: string;
  action: string;
  entity: string;
  entity_id: string;
  subject: string | null;
  before: unknown;
  after: unknown;
  at: string;
  /** Whether the change can be undone from here (POST /api/admin/audit/restore). */
  restorable: boolean;
}

const WORDS = {
  en: {
    title: "Audit log",
    description: "Every change made in the staff area and every staff sign-in: who, what, when, and the record before and after. Newest first.",
    filters: "Filters",
    entity: "Kind of record",
    staff: "Staff member",
    all: "All",
    apply: "Show",
    clear: "Clear filters",
    loading: "Loading…",
    total: (n: number) => (n === 1 ? "1 entry" : `${n.toLocaleString("en")} entries`),
    list: "Audit entries",
    empty: "No entries.",
    emptyFiltered: "Nothing matches these filters.",
    by: "by",
    entities: {
      staff: "Staff account",
      booking: "Booking",
      "booking-schedule": "Booking schedule",
      "booking-closed-date": "Closed date",
      comment: "Comment",
      content: "Content",
      "visitor-message": "Message",
      "partner-application": "Partner application",
    } as Record<string, string>,
    actions: {
      "sign-in": "Signed in",
      "sign-out": "Signed out",
      "sign-out-everywhere": "Signed out everywhere",
      "set-password": "Set password (link)",
      "change-password": "Changed password",
      "totp-begin": "Started 2FA set-up",
      "totp-enable": "Turned 2FA on",
      "totp-disable": "Turned 2FA off",
      invite: "Invited",
      update: "Changed",
      "password-link": "New password link",
      create: "Created",
      delete: "Deleted",
      publish: "Published",
      unpublish: "Unpublished",
      solve: "Marked solved",
      unsolve: "Marked unsolved",
      cancel: "Cancelled",
      hide: "Hid",
      unhide: "Showed again",
      add: "Added",
      remove: "Removed",
      "save-draft": "Saved draft",
      "discard-draft": "Discarded draft",
      schedule: "Scheduled",
      unschedule: "Unscheduled",
      "mark-popular": "Marked popular",
      "unmark-popular": "Unmarked popular",
      "mark-handled": "Marked handled",
      "mark-new": "Marked new",
      restore: "Restored",
    } as Record<string, string>,
    restore: "Undo this change",
    confirmRestore: {
      "booking-schedule":
        "Put back the weekly schedule as it was before this change? The slots are made again from it; booked appointments are not touched.",
      comment: "Put this comment back as it was (hidden or shown, popular or not)?",
    } as Record<string, string>,
    confirm: "Undo",
    cancel: "Cancel",
    restored: "Done. The log shows it as a new entry.",
    conflict: "The schedule has changed since this entry. Undo the later changes first, newest first.",
    alreadyBack: "This comment is back already.",
  },
  zh: {
    title: "操作日志",
    description: "管理后台中的每一次修改和每一次员工登录：谁、做了什么、何时，以及修改前后的记录。最新的在前。",
    filters: "筛选",
    entity: "记录类型",
    staff: "员工",
    all: "全部",
    apply: "筛选",
    clear: "清除筛选",
    loading: "正在加载…",
    total: (n: number) => `共 ${n.toLocaleString("zh-CN")} 条`,
    list: "日志条目",
    empty: "暂无记录。",
    emptyFiltered: "没有符合筛选条件的记录。",
    by: "操作人",
    entities: {
      staff: "员工账号",
      booking: "预约",
      "booking-schedule": "预约时间表",
      "booking-closed-date": "休息日",
      comment: "评论",
      content: "内容",
      "visitor-message": "留言",
      "partner-application": "合作申请",
    } as Record<string, string>,
    actions: {
      "sign-in": "登录",
      "sign-out": "退出登录",
      "sign-out-everywhere": "退出所有设备",
      "set-password": "通过链接设置密码",
      "change-password": "修改密码",
      "totp-begin": "开始设置双重验证",
      "totp-enable": "开启双重验证",
      "totp-disable": "关闭双重验证",
      invite: "邀请",
      update: "修改",
      "password-link": "生成新密码链接",
      create: "创建",
      delete: "删除",
      publish: "发布",
      unpublish: "取消发布",
      solve: "标记为已解决",
      unsolve: "标记为未解决",
      cancel: "已取消",
      hide: "隐藏",
      unhide: "取消隐藏",
      add: "添加",
      remove: "移除",
      "save-draft": "保存草稿",
      "discard-draft": "放弃草稿",
      schedule: "定时发布",
      unschedule: "取消定时发布",
      "mark-popular": "标为热门",
      "unmark-popular": "取消热门",
      "mark-handled": "标记为已处理",
      "mark-new": "标记为未处理",
      restore: "恢复",
    } as Record<string, string>,
    restore: "撤销此次修改",
    confirmRestore: {
      "booking-schedule": "要把每周时间表恢复到此次修改之前的样子吗？系统会据此重新生成时段，已有的预约不受影响。",
      comment: "要把这条评论恢复原样（包括隐藏、热门等状态）吗？",
    } as Record<string, string>,
    confirm: "撤销",
    cancel: "取消",
    restored: "已完成，日志中新增了一条记录。",
    conflict: "此后时间表又被修改过。请先从最新的修改开始逐条撤销。",
    alreadyBack: "这条评论已经恢复了。",
  },
};

/** Where an entry's record can be opened in the staff area, when it has a page of its own. */
function entityLink(entity: string, id: string): string | null {
  if (!id) return null;
  const links: Record<string, string> = {
    staff: "/admin/staff",
    booking: `/admin/bookings/${encodeURIComponent(id)}`,
    "visitor-message": `/admin/inbox/message/${encodeURIComponent(id)}`,
    "partner-application": `/admin/inbox/application/${encodeURIComponent(id)}`,
    content: `/admin/content/edit?path=${encodeURIComponent(id)}`,
  };
  return links[entity] ?? null;
}

const ACTION_TONES: Record<string, "blue" | "green" | "amber" | "red" | "neutral"> = {
  "sign-in": "neutral",
  "sign-out": "neutral",
  invite: "green",
  create: "green",
  publish: "green",
  update: "blue",
  delete: "red",
  cancel: "red",
  hide: "amber",
  remove: "red",
  "discard-draft": "amber",
  solve: "green",
  "mark-handled": "green",
  "totp-disable": "amber",
  "sign-out-everywhere": "amber",
  restore: "green",
};

export function AuditPage({
  list,
  total,
  page,
  pageSize,
  filters,
  facets,
}: {
  list: AuditEntryView[];
  total: number;
  page: number;
  pageSize: number;
  filters: { entity: string; staff: string };
  facets: { entities: string[]; staff: string[] };
}) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // Only the filters that are set go in the address (the form works without scripts too).
  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value) params.set(key, value);
    void navigate(`/admin/audit${params.size ? `?${params}` : ""}`);
  };
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/audit";
  const filtered = Boolean(filters.entity || filters.staff);
  // A filter value the log no longer has (typed into the address) stays selectable, so the form shows what is applied.
  const entities = filters.entity && !facets.entities.includes(filters.entity) ? [...facets.entities, filters.entity] : facets.entities;
  const staffEmails = filters.staff && !facets.staff.includes(filters.staff) ? [...facets.staff, filters.staff] : facets.staff;

  return (
    <AdminPage title={words.title} description={words.description}>
      <Form method="get" onSubmit={applyFilters} className="mb-4 rounded-lg border border-slate-200 bg-white p-4" aria-label={words.filters}>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
          <SelectField label={words.entity} name="entity" defaultValue={filters.entity} key={`e-${filters.entity}`}>
            <option value="">{words.all}</option>
            {entities.map((e) => (
              <option key={e} value={e}>
                {words.entities[e] ?? e}
              </option>
            ))}
          </SelectField>
          <SelectField label={words.staff} name="staff" defaultValue={filters.staff} key={`s-${filters.staff}`}>
            <option value="">{words.all}</option>
            {staffEmails.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" tone="primary">
              {words.apply}
            </Button>
            {filtered ? (
              <Link to="/admin/audit" className="inline-flex items-center rounded-md px-3 py-2 text-sm text-blue-800 underline">
                {words.clear}
              </Link>
            ) : null}
          </div>
        </div>
      </Form>

      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {loading ? words.loading : words.total(total)}
      </p>

      {list.length === 0 ? (
        <EmptyState title={filtered ? words.emptyFiltered : words.empty}>
          {filtered ? (
            <Link to="/admin/audit" className="text-blue-800 underline">
              {words.clear}
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <ol aria-label={words.list} aria-busy={loading} className={`space-y-3 ${loading ? "opacity-60" : ""}`}>
          {list.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <Badge tone={ACTION_TONES[entry.action] ?? "blue"}>{words.actions[entry.action] ?? entry.action}</Badge>
                  <EntityName entity={entry.entity} id={entry.entity_id} label={words.entities[entry.entity] ?? entry.entity} />
                  {entry.subject ? <span className="text-sm break-all text-slate-600">{entry.subject}</span> : null}
                </div>
                <time dateTime={entry.at} className="text-xs whitespace-nowrap text-slate-600" suppressHydrationWarning>
                  {formatStaffTime(entry.at, lang, { dateStyle: "medium", timeStyle: "medium" })}
                </time>
              </div>
              <p className="mt-1 text-xs text-slate-600">
                {words.by} <span className="break-all text-slate-800">{entry.staff_email}</span>
              </p>
              <AuditChanges before={entry.before} after={entry.after} />
              {entry.restorable ? <UndoEntry entry={entry} /> : null}
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} pageSize={pageSize} total={total} />
    </AdminPage>
  );
}

function EntityName({ entity, id, label }: { entity: string; id: string; label: string }) {
  const to = entityLink(entity, id);
  const text = (
    <>
      {label}
      {id ? <span className="text-slate-600"> #{id}</span> : null}
    </>
  );
  return to ? (
    <Link to={to} className="text-sm font-medium break-all text-blue-800 underline-offset-2 hover:underline">
      {text}
    </Link>
  ) : (
    <span className="text-sm font-medium break-all text-slate-900">{text}</span>
  );
}

/**
 * Undoes a change the log kept the whole record of (a weekly schedule save, a comment's
 * deletion), after a confirmation. The server refuses it when the record has changed since.
 */
function UndoEntry({ entry }: { entry: AuditEntryView }) {
  const words = useAdminText(WORDS);
  const api = useAdminApi();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const undo = async () => {
    setOutcome(null);
    const r = await api.post("/admin/audit/restore", { id: entry.id });
    setConfirming(false);
    if (r.ok) setOutcome({ tone: "success", text: words.restored });
    else if (r.code === API_ERRORS.editConflict.code) setOutcome({ tone: "error", text: words.conflict });
    else if (r.code === API_ERRORS.alreadyExists.code) setOutcome({ tone: "error", text: words.alreadyBack });
    else setOutcome({ tone: "error", text: r.detail ?? r.message });
  };

  return (
    <div className="mt-3">
      {confirming ? (
        <ConfirmStrip
          label={words.restore}
          question={words.confirmRestore[entry.entity] ?? words.restore}
          confirm={words.confirm}
          cancel={words.cancel}
          tone="warning"
          pending={api.pending}
          onConfirm={() => void undo()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <Button small disabled={api.pending} onClick={() => setConfirming(true)}>
          {words.restore}
        </Button>
      )}
      {outcome ? (
        <div className="mt-2">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      ) : null}
    </div>
  );
}
