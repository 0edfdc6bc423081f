import { useState, type FormEvent } from "react";
import { API_ERRORS } from "@contracts/api-errors";
import { STAFF_ROLES, type StaffRole } from "@contracts/staff-access";
import { useAdminApi } from "../use-admin-api";
import { Button, Notice, Panel, SelectField, TextField } from "../ui";
import type { IssuedLink } from "./types";
import { useAdminWords } from "../admin-words";

export function InviteForm({ onIssued }: { onIssued: (link: IssuedLink) => void }) {
  const { t } = useAdminWords("staff", "invite");
  const { t: roles } = useAdminWords("staff", "roles");
  const api = useAdminApi();
  const [role, setRole] = useState<StaffRole>("editor");
  const [error, setError] = useState<{ field?: "email"; text: string } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get("email") ?? "").trim();
    const name = String(form.get("name") ?? "").trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setError({ field: "email", text: t("badEmail") });
    setError(null);
    const result = await api.post<{ id: number; link: string }>("/admin/staff/invite", { email, name, role });
    if (result.ok) {
      formElement.reset();
      setRole("editor");
      onIssued({ email: email.toLowerCase(), link: result.data.link, kind: "invite" });
    } else if (result.code === API_ERRORS.alreadyExists.code) {
      setError({ field: "email", text: t("exists") });
    } else {
      setError(result.field === "email" ? { field: "email", text: t("badEmail") } : { text: result.message });
    }
  };

  return (
    <Panel title={t("title")}>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      <form onSubmit={(e) => void submit(e)} className="mt-4 grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)_auto] md:items-start" noValidate>
        {error && !error.field ? (
          <div className="md:col-span-4">
            <Notice>{error.text}</Notice>
          </div>
        ) : null}
        <TextField label={t("email")} name="email" type="email" autoComplete="off" maxLength={254} required error={error?.field === "email" ? error.text : null} />
        <TextField label={t("name")} hint={t("nameHint")} name="name" autoComplete="off" maxLength={80} />
        <SelectField label={t("role")} name="role" value={role} onChange={(e) => setRole(e.target.value as StaffRole)} hint={roles(`${role}.help`)}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {roles(`${r}.name`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" tone="primary" disabled={api.pending} className="md:mt-6">
          {api.pending ? t("working") : t("submit")}
        </Button>
      </form>
    </Panel>
  );
}
