import { Fragment, useEffect, useState } from "react";
import { Link } from "react-router";
import { API_ERRORS } from "~/lib/api-errors";
import { STAFF_ROLES, type StaffRole } from "~/lib/staff-access";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { useAdminApi } from "../use-admin-api";
import { Badge, Button, Notice, TableFrame, TD, TH } from "../ui";
import { ROLE_WORDS, type IssuedLink, type StaffMember } from "./staff-words";

const WORDS = {
  en: {
    caption: "Staff accounts",
    person: "Staff member",
    role: "Role",
    password: "Password",
    totp: "2FA",
    lastActive: "Last active",
    status: "Status",
    actions: "Actions",
    you: "You",
    set: "Set",
    notSet: "Not set yet",
    on: "On",
    off: "Off",
    never: "Never",
    active: "Active",
    disabled: "Disabled",
    since: (date: string) => `since ${date}`,
    roleOf: (email: string) => `Role of ${email}`,
    save: "Save role",
    saving: "Saving…",
    reset: "New password link",
    resetting: "Making link…",
    disable: "Disable",
    enable: "Enable",
    confirmDisable: "Disable and sign out",
    cancel: "Cancel",
    ownAccount: "Manage in My account",
    lastAdmin: "At least one active admin must remain: make someone else an admin before demoting or disabling this one.",
    roleSaved: (email: string, role: string) => `${email} is now ${role}.`,
    disabledDone: (email: string) => `${email} is disabled and signed out everywhere.`,
    enabledDone: (email: string) => `${email} can sign in again.`,
  },
  zh: {
    caption: "员工账号",
    person: "员工",
    role: "角色",
    password: "密码",
    totp: "双重验证",
    lastActive: "最近活动",
    status: "状态",
    actions: "操作",
    you: "我",
    set: "已设置",
    notSet: "尚未设置",
    on: "已开启",
    off: "未开启",
    never: "从未",
    active: "正常",
    disabled: "已停用",
    since: (date: string) => `自 ${date}`,
    roleOf: (email: string) => `${email} 的角色`,
    save: "保存角色",
    saving: "正在保存…",
    reset: "新密码链接",
    resetting: "正在生成…",
    disable: "停用",
    enable: "启用",
    confirmDisable: "停用并退出登录",
    cancel: "取消",
    ownAccount: "在“我的账号”中管理",
    lastAdmin: "必须至少保留一名正常状态的管理员：请先将其他人设为管理员，再降级或停用此账号。",
    roleSaved: (email: string, role: string) => `${email} 的角色已改为${role}。`,
    disabledDone: (email: string) => `${email} 已停用，并已在所有设备上退出登录。`,
    enabledDone: (email: string) => `${email} 已重新启用，可以登录。`,
  },
};

export function StaffTable({ list, myId, onIssued }: { list: StaffMember[]; myId: number; onIssued: (link: IssuedLink) => void }) {
  const words = useAdminText(WORDS);
  return (
    <TableFrame caption={words.caption}>
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={TH}>
            {words.person}
          </th>
          <th scope="col" className={TH}>
            {words.role}
          </th>
          <th scope="col" className={TH}>
            {words.password}
          </th>
          <th scope="col" className={TH}>
            {words.totp}
          </th>
          <th scope="col" className={TH}>
            {words.lastActive}
          </th>
          <th scope="col" className={TH}>
            {words.status}
          </th>
          <th scope="col" className={TH}>
            {words.actions}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {list.map((member) => (
          <StaffRow key={member.id} member={member} self={member.id === myId} onIssued={onIssued} />
        ))}
      </tbody>
    </TableFrame>
  );
}

function StaffRow({ member, self, onIssued }: { member: StaffMember; self: boolean; onIssued: (link: IssuedLink) => void }) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  const roles = ROLE_WORDS[lang];
  const api = useAdminApi();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [busy, setBusy] = useState<"role" | "reset" | "status" | null>(null);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string; detail?: string } | null>(null);
  const disabled = member.disabled_at !== null;
  // What is stored wins once the page's data is read again (a change made elsewhere, a refusal).
  useEffect(() => setRole(member.role), [member.role]);

  const failure = (result: { code: number; message: string; detail?: string }) =>
    setMessage(result.code === API_ERRORS.editConflict.code ? { tone: "error", text: words.lastAdmin } : { tone: "error", text: result.message, detail: result.detail });

  const update = async (change: { role?: StaffRole; disabled?: boolean }, kind: "role" | "status") => {
    setBusy(kind);
    setMessage(null);
    const result = await api.post<StaffMember>("/admin/staff/update", { id: member.id, ...change });
    setBusy(null);
    setConfirmDisable(false);
    if (!result.ok) {
      if (kind === "role") setRole(member.role);
      return failure(result);
    }
    if (change.role) setMessage({ tone: "success", text: words.roleSaved(member.email, roles[change.role].name) });
    else setMessage({ tone: "success", text: change.disabled ? words.disabledDone(member.email) : words.enabledDone(member.email) });
  };

  const resetLink = async () => {
    setBusy("reset");
    setMessage(null);
    const result = await api.post<{ link: string }>("/admin/staff/reset-link", { id: member.id }, { revalidate: false });
    setBusy(null);
    if (result.ok) onIssued({ email: member.email, link: result.data.link, kind: "reset" });
    else failure(result);
  };

  return (
    <Fragment>
      <tr className={disabled ? "bg-slate-50 text-slate-500" : undefined}>
        <td className={TD}>
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="font-medium whitespace-nowrap text-slate-900">{member.email}</span>
            {self ? <Badge tone="blue">{words.you}</Badge> : null}
          </div>
          {member.name ? <div className="text-xs whitespace-nowrap text-slate-600">{member.name}</div> : null}
        </td>
        <td className={TD}>
          <div className="flex items-center gap-2">
            <select
              aria-label={words.roleOf(member.email)}
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
              disabled={api.pending}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus:outline-2 focus:outline-blue-600"
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roles[r].name}
                </option>
              ))}
            </select>
            {role !== member.role ? (
              <Button small tone="primary" onClick={() => void update({ role }, "role")} disabled={api.pending}>
                {busy === "role" ? words.saving : words.save}
              </Button>
            ) : null}
          </div>
        </td>
        <td className={`${TD} whitespace-nowrap`}>{member.has_password ? <Badge tone="green">{words.set}</Badge> : <Badge tone="amber">{words.notSet}</Badge>}</td>
        <td className={TD}>{member.totp_enabled ? <Badge tone="green">{words.on}</Badge> : <Badge>{words.off}</Badge>}</td>
        <td className={`${TD} whitespace-nowrap`}>
          {member.last_seen_at ? (
            <time dateTime={member.last_seen_at} suppressHydrationWarning>
              {formatStaffTime(member.last_seen_at, lang)}
            </time>
          ) : (
            <span className="text-slate-500">{words.never}</span>
          )}
        </td>
        <td className={TD}>
          {disabled ? (
            <div>
              <Badge tone="red">{words.disabled}</Badge>
              <div className="mt-1 text-xs whitespace-nowrap text-slate-500" suppressHydrationWarning>
                {words.since(formatStaffTime(member.disabled_at, lang, { dateStyle: "medium" }))}
              </div>
            </div>
          ) : (
            <Badge tone="green">{words.active}</Badge>
          )}
        </td>
        <td className={TD}>
          <div className="flex flex-wrap gap-1.5 [&>*]:whitespace-nowrap">
            {self ? (
              <Link to="/admin/account" className="py-1 text-xs text-blue-800 underline">
                {words.ownAccount}
              </Link>
            ) : !disabled ? (
              <Button small onClick={() => void resetLink()} disabled={api.pending}>
                {busy === "reset" ? words.resetting : words.reset}
              </Button>
            ) : null}
            {disabled ? (
              <Button small onClick={() => void update({ disabled: false }, "status")} disabled={api.pending}>
                {words.enable}
              </Button>
            ) : self ? null : confirmDisable ? (
              <>
                <Button small tone="danger" onClick={() => void update({ disabled: true }, "status")} disabled={api.pending} autoFocus>
                  {words.confirmDisable}
                </Button>
                <Button small onClick={() => setConfirmDisable(false)} disabled={api.pending}>
                  {words.cancel}
                </Button>
              </>
            ) : (
              <Button small tone="danger" onClick={() => setConfirmDisable(true)} disabled={api.pending}>
                {words.disable}
              </Button>
            )}
          </div>
        </td>
      </tr>
      {message ? (
        <tr>
          <td colSpan={7} className="px-3 pb-3">
            <Notice tone={message.tone}>
              {message.text}
              {message.detail ? <span className="mt-1 block text-xs">{message.detail}</span> : null}
            </Notice>
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
