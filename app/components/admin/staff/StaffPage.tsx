import { useState, useEffect } from "react";
import { STAFF_ROLES } from "@contracts/staff-access";
import { useFormAction } from "~/lib/form-outcome";
import { AdminPage, EmptyState } from "../ui";
import { InviteForm, STAFF_INVITE, type InviteAnswer } from "./InviteForm";
import { OneTimeLink } from "./OneTimeLink";
import type { IssuedLink, StaffMember } from "./types";
import { StaffTable } from "./StaffTable";
import { useAdminWords } from "../admin-words";

export function StaffPage({ list, myId }: { list: StaffMember[]; myId: number }) {
  const { t } = useAdminWords("staff", "page");
  const { t: roles } = useAdminWords("staff", "roles");
  // A reset link from the table (with scripts), or the last invitation's link (with or without them).
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const invite = useFormAction<InviteAnswer>(STAFF_INVITE);
  const [closedInvite, setClosedInvite] = useState<unknown>(null);
  useEffect(() => {
    if (invite.outcome?.ok) setIssued(null);
  }, [invite.outcome]);
  const invited = invite.outcome?.ok && invite.outcome !== closedInvite ? invite.outcome.data : null;
  const shown: IssuedLink | null =
    issued ?? (invited ? { email: list.find((m) => m.id === invited.id)?.email ?? "", link: invited.link, kind: "invite" } : null);
  const active = list.filter((m) => !m.disabled_at).length;

  return (
    <AdminPage title={t("title")} description={t("description")}>
      <div className="space-y-6">
        {shown ? (
          <OneTimeLink
            issued={shown}
            onClose={() => {
              setIssued(null);
              setClosedInvite(invite.outcome);
            }}
          />
        ) : null}
        <InviteForm />
        <section aria-label={t("title")}>
          <p className="mb-2 text-sm text-slate-600">{t("count", { active, all: list.length })}</p>
          {list.length ? <StaffTable list={list} myId={myId} onIssued={setIssued} /> : <EmptyState title={t("empty")} />}
        </section>
        <details className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">{t("rolesTitle")}</summary>
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {STAFF_ROLES.map((r) => (
              <div key={r} className="contents">
                <dt className="font-medium text-slate-700">{roles(`${r}.name`)}</dt>
                <dd className="text-slate-600">{roles(`${r}.help`)}</dd>
              </div>
            ))}
          </dl>
        </details>
      </div>
    </AdminPage>
  );
}
