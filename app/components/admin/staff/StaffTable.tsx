import { Fragment, useEffect, useState } from "react";
import { Link } from "react-router";
import { API_ERRORS } from "@contracts/api-errors";
import { STAFF_ROLES, type StaffRole } from "@contracts/staff-access";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { useStaffSubmit } from "../staff-form";
import { Badge, Button, Notice, TableFrame, TD, TH } from "../ui";
import type { IssuedLink, StaffMember } from "./types";
import { useAdminWords } from "../admin-words";

export function StaffTable({ list, myId, onIssued }: { list: StaffMember[]; myId: number; onIssued: (link: IssuedLink) => void }) {
  const { t } = useAdminWords("staff", "table");
  return (
    <TableFrame caption={t("caption")}>
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={TH}>
            {t("person")}
          </th>
          <th scope="col" className={TH}>
            {t("role")}
          </th>
          <th scope="col" className={TH}>
            {t("password")}
          </th>
          <th scope="col" className={TH}>
            {t("totp")}
          </th>
          <th scope="col" className={TH}>
            {t("lastActive")}
          </th>
          <th scope="col" className={TH}>
            {t("status")}
          </th>
          <th scope="col" className={TH}>
            {t("actions")}
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

/** A member's role or status change, and a new password link: posted to the staff page's action (the /api/admin/staff/update and reset-link endpoints' declarations). */
export const STAFF_UPDATE = "staff-update";
export const STAFF_RESET_LINK = "staff-reset-link";

function StaffRow({ member, self, onIssued }: { member: StaffMember; self: boolean; onIssued: (link: IssuedLink) => void }) {
  const { t } = useAdminWords("staff", "table");
  const locale = useStaffLocale();
  const { t: roles } = useAdminWords("staff", "roles");
  const action = useStaffSubmit();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [busy, setBusy] = useState<"role" | "reset" | "status" | null>(null);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string; detail?: string } | null>(null);
  const disabled = member.disabled_at !== null;
  // What is stored wins once the page's data is read again (a change made elsewhere, a refusal).
  useEffect(() => setRole(member.role), [member.role]);

  const failure = (result: { code: number; message: string; detail?: string }) =>
    setMessage(
      result.code === API_ERRORS.editConflict.code ? { tone: "error", text: t("lastAdmin") } : { tone: "error", text: result.message, detail: result.detail },
    );

  const update = async (change: { role?: StaffRole; disabled?: boolean }, kind: "role" | "status") => {
    setBusy(kind);
    setMessage(null);
    const result = await action.submit<StaffMember>(STAFF_UPDATE, { id: member.id, ...change });
    setBusy(null);
    setConfirmDisable(false);
    if (!result.ok) {
      if (kind === "role") setRole(member.role);
      return failure(result);
    }
    if (change.role) setMessage({ tone: "success", text: t("roleSaved", { email: member.email, role: roles(`${change.role}.name`) }) });
    else setMessage({ tone: "success", text: change.disabled ? t("disabledDone", { email: member.email }) : t("enabledDone", { email: member.email }) });
  };

  const resetLink = async () => {
    setBusy("reset");
    setMessage(null);
    const result = await action.submit<{ link: string }>(STAFF_RESET_LINK, { id: member.id });
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
            {self ? <Badge tone="blue">{t("you")}</Badge> : null}
          </div>
          {member.name ? <div className="text-xs whitespace-nowrap text-slate-600">{member.name}</div> : null}
        </td>
        <td className={TD}>
          <div className="flex items-center gap-2">
            <select
              aria-label={t("roleOf", { email: member.email })}
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
              disabled={action.busy}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus:outline-2 focus:outline-blue-600"
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roles(`${r}.name`)}
                </option>
              ))}
            </select>
            {role !== member.role ? (
              <Button small tone="primary" onClick={() => void update({ role }, "role")} disabled={action.busy}>
                {busy === "role" ? t("saving") : t("save")}
              </Button>
            ) : null}
          </div>
        </td>
        <td className={`${TD} whitespace-nowrap`}>
          {member.has_password ? <Badge tone="green">{t("set")}</Badge> : <Badge tone="amber">{t("notSet")}</Badge>}
        </td>
        <td className={TD}>{member.totp_enabled ? <Badge tone="green">{t("on")}</Badge> : <Badge>{t("off")}</Badge>}</td>
        <td className={`${TD} whitespace-nowrap`}>
          {member.last_seen_at ? (
            <time dateTime={member.last_seen_at} suppressHydrationWarning>
              {formatStaffTime(member.last_seen_at, locale)}
            </time>
          ) : (
            <span className="text-slate-500">{t("never")}</span>
          )}
        </td>
        <td className={TD}>
          {disabled ? (
            <div>
              <Badge tone="red">{t("disabled")}</Badge>
              <div className="mt-1 text-xs whitespace-nowrap text-slate-500" suppressHydrationWarning>
                {t("since", { date: formatStaffTime(member.disabled_at, locale, { dateStyle: "medium" }) })}
              </div>
            </div>
          ) : (
            <Badge tone="green">{t("active")}</Badge>
          )}
        </td>
        <td className={TD}>
          <div className="flex flex-wrap gap-1.5 [&>*]:whitespace-nowrap">
            {self ? (
              <Link to="/admin/account" className="py-1 text-xs text-blue-800 underline">
                {t("ownAccount")}
              </Link>
            ) : !disabled ? (
              <Button small onClick={() => void resetLink()} disabled={action.busy}>
                {busy === "reset" ? t("resetting") : t("reset")}
              </Button>
            ) : null}
            {disabled ? (
              <Button small onClick={() => void update({ disabled: false }, "status")} disabled={action.busy}>
                {t("enable")}
              </Button>
            ) : self ? null : confirmDisable ? (
              <>
                <Button small tone="danger" onClick={() => void update({ disabled: true }, "status")} disabled={action.busy} autoFocus>
                  {t("confirmDisable")}
                </Button>
                <Button small onClick={() => setConfirmDisable(false)} disabled={action.busy}>
                  {t("cancel")}
                </Button>
              </>
            ) : (
              <Button small tone="danger" onClick={() => setConfirmDisable(true)} disabled={action.busy}>
                {t("disable")}
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
