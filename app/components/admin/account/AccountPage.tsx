import type { StaffRole } from "~/lib/staff-access";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { AdminPage, Badge, Panel } from "../ui";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { SessionsPanel, type SessionView } from "./SessionsPanel";
import { TwoFactorPanel } from "./TwoFactorPanel";

export interface AccountView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
  totp_enabled: boolean;
}

const WORDS = {
  en: {
    title: "My account",
    description: "Your sign-in details, your password, the second factor and the devices you are signed in on.",
    profile: "Account",
    email: "Email address",
    name: "Name",
    noName: "Not given",
    role: "Role",
    since: "Staff member since",
    roles: { admin: "Admin", editor: "Editor", support: "Support" },
    roleHelp: {
      admin: "Everything, including staff accounts and the audit log.",
      editor: "Content, translations, usage and help feedback.",
      support: "Bookings, messages and applications, comments and help feedback.",
    },
    nameHint: "An admin can change the role; ask one if you need different access.",
  },
  zh: {
    title: "我的账号",
    description: "您的登录信息、密码、双重验证，以及当前已登录的设备。",
    profile: "账号信息",
    email: "邮箱地址",
    name: "姓名",
    noName: "未填写",
    role: "角色",
    since: "加入时间",
    roles: { admin: "管理员", editor: "编辑", support: "客服" },
    roleHelp: {
      admin: "全部功能，包括员工账号和操作日志。",
      editor: "内容、翻译、访问统计和帮助反馈。",
      support: "预约、留言与申请、评论和帮助反馈。",
    },
    nameHint: "角色由管理员设置；如需其他权限，请联系管理员。",
  },
};

export function AccountPage({ me, sessions }: { me: AccountView; sessions: SessionView[] }) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  return (
    <AdminPage title={words.title} description={words.description}>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Panel title={words.profile}>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-3">
            <dt className="mt-2 text-xs font-medium text-slate-500 first:mt-0 sm:mt-0 sm:text-sm sm:text-slate-600">{words.email}</dt>
            <dd className="break-all text-slate-900">{me.email}</dd>
            <dt className="mt-2 text-xs font-medium text-slate-500 first:mt-0 sm:mt-0 sm:text-sm sm:text-slate-600">{words.name}</dt>
            <dd className="text-slate-900">{me.name || <span className="text-slate-500">{words.noName}</span>}</dd>
            <dt className="mt-2 text-xs font-medium text-slate-500 first:mt-0 sm:mt-0 sm:text-sm sm:text-slate-600">{words.role}</dt>
            <dd>
              <Badge tone={me.role === "admin" ? "blue" : "neutral"}>{words.roles[me.role]}</Badge>
              <p className="mt-1 text-slate-600">{words.roleHelp[me.role]}</p>
              <p className="mt-1 text-xs text-slate-500">{words.nameHint}</p>
            </dd>
            <dt className="mt-2 text-xs font-medium text-slate-500 first:mt-0 sm:mt-0 sm:text-sm sm:text-slate-600">{words.since}</dt>
            <dd className="text-slate-900">
              <time dateTime={me.created_at} suppressHydrationWarning>
                {formatStaffTime(me.created_at, lang, { dateStyle: "long" })}
              </time>
            </dd>
          </dl>
        </Panel>
        <ChangePasswordForm email={me.email} />
        <TwoFactorPanel enabled={me.totp_enabled} email={me.email} />
        <SessionsPanel sessions={sessions} />
      </div>
    </AdminPage>
  );
}
