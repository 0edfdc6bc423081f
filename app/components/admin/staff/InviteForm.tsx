import { useState, type FormEvent } from "react";
import { API_ERRORS } from "~/lib/api-errors";
import { STAFF_ROLES, type StaffRole } from "~/lib/staff-access";
import { useAdminLang, useAdminText } from "../admin-lang";
import { useAdminApi } from "../use-admin-api";
import { Button, Notice, Panel, SelectField, TextField } from "../ui";
import { ROLE_WORDS, type IssuedLink } from "./staff-words";

const WORDS = {
  en: {
    title: "Invite a staff member",
    intro: "They get a one-time link to set their own password. There is no default password.",
    email: "Email address",
    name: "Name",
    nameHint: "Optional; shown in the staff list and the navigation.",
    role: "Role",
    submit: "Create invitation",
    working: "Creating…",
    badEmail: "Enter an email address such as name@example.com.",
    exists: "This email already has a staff account. Use “New password link” on its row instead.",
  },
  zh: {
    title: "邀请员工",
    intro: "对方会收到一个一次性链接，用来设置自己的密码。系统不设默认密码。",
    email: "邮箱地址",
    name: "姓名",
    nameHint: "选填，显示在员工列表和导航栏中。",
    role: "角色",
    submit: "生成邀请",
    working: "正在生成…",
    badEmail: "请输入有效的邮箱地址，例如 name@example.com。",
    exists: "该邮箱已有员工账号，请在其所在行使用“新密码链接”。",
  },
};

export function InviteForm({ onIssued }: { onIssued: (link: IssuedLink) => void }) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  const roles = ROLE_WORDS[lang];
  const api = useAdminApi();
  const [role, setRole] = useState<StaffRole>("editor");
  const [error, setError] = useState<{ field?: "email"; text: string } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get("email") ?? "").trim();
    const name = String(form.get("name") ?? "").trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setError({ field: "email", text: words.badEmail });
    setError(null);
    const result = await api.post<{ id: number; link: string }>("/admin/staff/invite", { email, name, role });
    if (result.ok) {
      formElement.reset();
      setRole("editor");
      onIssued({ email: email.toLowerCase(), link: result.data.link, kind: "invite" });
    } else if (result.code === API_ERRORS.alreadyExists.code) {
      setError({ field: "email", text: words.exists });
    } else {
      setError(result.field === "email" ? { field: "email", text: words.badEmail } : { text: result.message });
    }
  };

  return (
    <Panel title={words.title}>
      <p className="text-sm text-slate-600">{words.intro}</p>
      <form onSubmit={(e) => void submit(e)} className="mt-4 grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)_auto] md:items-start" noValidate>
        {error && !error.field ? (
          <div className="md:col-span-4">
            <Notice>{error.text}</Notice>
          </div>
        ) : null}
        <TextField label={words.email} name="email" type="email" autoComplete="off" maxLength={254} required error={error?.field === "email" ? error.text : null} />
        <TextField label={words.name} hint={words.nameHint} name="name" autoComplete="off" maxLength={80} />
        <SelectField label={words.role} name="role" value={role} onChange={(e) => setRole(e.target.value as StaffRole)} hint={roles[role].help}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {roles[r].name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" tone="primary" disabled={api.pending} className="md:mt-6">
          {api.pending ? words.working : words.submit}
        </Button>
      </form>
    </Panel>
  );
}
