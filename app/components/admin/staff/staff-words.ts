import type { StaffRole } from "~/lib/staff-access";

/** Role names and what each may do, shared by the staff page's parts. */
export const ROLE_WORDS: { en: Record<StaffRole, { name: string; help: string }>; zh: Record<StaffRole, { name: string; help: string }> } = {
  en: {
    admin: { name: "Admin", help: "Everything, including staff accounts and the audit log." },
    editor: { name: "Editor", help: "Content, translations, usage and help feedback." },
    support: { name: "Support", help: "Bookings, messages and applications, comments and help feedback." },
  },
  zh: {
    admin: { name: "管理员", help: "全部功能，包括员工账号和操作日志。" },
    editor: { name: "编辑", help: "内容、翻译、访问统计和帮助反馈。" },
    support: { name: "客服", help: "预约、留言与申请、评论和帮助反馈。" },
  },
};

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
  disabled_at: string | null;
  has_password: boolean;
  totp_enabled: boolean;
  last_seen_at: string | null;
}

/** A one-time password link just made, shown once with a copy button. */
export interface IssuedLink {
  email: string;
  link: string;
  kind: "invite" | "reset";
}
