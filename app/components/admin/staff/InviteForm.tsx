import { useState, useEffect, useRef } from "react";
import { API_ERRORS } from "@contracts/api-errors";
import { STAFF_ROLES, type StaffRole } from "@contracts/staff-access";
import { useFormAction } from "~/lib/form-outcome";
import { Button, Notice, Panel, SelectField, TextField } from "../ui";
import { useAdminWords } from "../admin-words";
import { StaffFormFields } from "../staff-form";

/** The invitation form, posted to the staff page's action (the /api/admin/staff/invite endpoint's declaration). */
export const STAFF_INVITE = "staff-invite";
export type InviteAnswer = { id: number; link: string };

export function InviteForm() {
  const { t } = useAdminWords("staff", "invite");
  const { t: roles } = useAdminWords("staff", "roles");
  const { fetcher, outcome, busy } = useFormAction<InviteAnswer>(STAFF_INVITE);
  const refused = outcome?.ok === false ? outcome : undefined;
  const typedRole = refused?.values.role;
  const [role, setRole] = useState<StaffRole>(STAFF_ROLES.includes(typedRole as StaffRole) ? (typedRole as StaffRole) : "editor");
  const formRef = useRef<HTMLFormElement>(null);
  // Invited (the staff page shows the link): the form starts empty again.
  useEffect(() => {
    if (!fetcher.data?.ok) return;
    formRef.current?.reset();
    setRole("editor");
  }, [fetcher.data]);

  const emailError = refused?.fieldErrors.email ? (refused.code === API_ERRORS.alreadyExists.code ? t("exists") : t("badEmail")) : undefined;

  return (
    <Panel title={t("title")}>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      <fetcher.Form
        ref={formRef}
        method="post"
        className="mt-4 grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)_auto] md:items-start"
        noValidate
      >
        <StaffFormFields intent={STAFF_INVITE} />
        {refused && !emailError ? (
          <div className="md:col-span-4">
            <Notice>{refused.message}</Notice>
          </div>
        ) : null}
        <TextField
          label={t("email")}
          name="email"
          type="email"
          autoComplete="off"
          maxLength={254}
          required
          defaultValue={refused?.values.email}
          error={emailError}
        />
        <TextField label={t("name")} hint={t("nameHint")} name="name" autoComplete="off" maxLength={80} defaultValue={refused?.values.name} />
        <SelectField label={t("role")} name="role" value={role} onChange={(e) => setRole(e.target.value as StaffRole)} hint={roles(`${role}.help`)}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {roles(`${r}.name`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" tone="primary" disabled={busy} className="md:mt-6">
          {busy ? t("working") : t("submit")}
        </Button>
      </fetcher.Form>
    </Panel>
  );
}
