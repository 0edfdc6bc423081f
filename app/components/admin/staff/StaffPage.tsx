import { useState } from "react";
import { useAdminLang, useAdminText } from "../admin-lang";
import { AdminPage, EmptyState } from "../ui";
import { InviteForm } from "./InviteForm";
import { OneTimeLink } from "./OneTimeLink";
import { ROLE_WORDS, type IssuedLink, type StaffMember } from "./staff-words";
import { StaffTable } from "./StaffTable";

const WORDS = {
  en: {
    title: "Staff",
    description: "Who can sign in to the staff area and with which role. Disabling an account signs it out everywhere at once.",
    rolesTitle: "Roles",
    empty: "No staff accounts yet.",
    count: (active: number, all: number) => `${active} active of ${all}`,
  },
  zh: {
    title: "员工",
    description: "可以登录管理后台的人员及其角色。停用账号后，该账号会立即在所有设备上退出登录。",
    rolesTitle: "角色说明",
    empty: "还没有员工账号。",
    count: (active: number, all: number) => `共 ${all} 个，正常 ${active} 个`,
  },
};

export function StaffPage({ list, myId }: { list: StaffMember[]; myId: number }) {
  const words = useAdminText(WORDS);
  const roles = ROLE_WORDS[useAdminLang()];
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const active = list.filter((m) => !m.disabled_at).length;

  return (
    <AdminPage title={words.title} description={words.description}>
      <div className="space-y-6">
        {issued ? <OneTimeLink issued={issued} onClose={() => setIssued(null)} /> : null}
        <InviteForm onIssued={setIssued} />
        <section aria-label={words.title}>
          <p className="mb-2 text-sm text-slate-600">{words.count(active, list.length)}</p>
          {list.length ? <StaffTable list={list} myId={myId} onIssued={setIssued} /> : <EmptyState title={words.empty} />}
        </section>
        <details className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">{words.rolesTitle}</summary>
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {(Object.keys(roles) as (keyof typeof roles)[]).map((r) => (
              <div key={r} className="contents">
                <dt className="font-medium text-slate-700">{roles[r].name}</dt>
                <dd className="text-slate-600">{roles[r].help}</dd>
              </div>
            ))}
          </dl>
        </details>
      </div>
    </AdminPage>
  );
}
