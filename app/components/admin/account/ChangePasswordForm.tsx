import { useState, type FormEvent } from "react";
import { API_ERRORS } from "@contracts/api-errors";
import { PASSWORD_MIN_LENGTH } from "@contracts/staff-access";
import { useAdminApi } from "../use-admin-api";
import { Button, Notice, Panel, TextField } from "../ui";
import { useAdminWords } from "../admin-words";

type Errors = { current?: string; next?: string; repeat?: string; form?: string };

export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useAdminWords("account", "changePassword");
  const api = useAdminApi();
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const current = String(form.get("current") ?? "");
    const next = String(form.get("next") ?? "");
    const repeat = String(form.get("repeat") ?? "");
    setDone(false);
    const found: Errors = {};
    if (!current) found.current = t("empty");
    if (next.length < PASSWORD_MIN_LENGTH) found.next = t("tooShort", { min: PASSWORD_MIN_LENGTH });
    else if (next === current) found.next = t("same");
    else if (next !== repeat) found.repeat = t("mismatch");
    setErrors(found);
    if (Object.keys(found).length) return;
    const result = await api.post("/admin/account/password", { current, password: next });
    if (result.ok) {
      formElement.reset();
      setDone(true);
    } else if (result.code === API_ERRORS.signInFailed.code) {
      setErrors({ current: t("wrongCurrent") });
    } else {
      setErrors({ form: result.message });
    }
  };

  return (
    <Panel title={t("title")}>
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        {done ? <Notice tone="success">{t("done")}</Notice> : null}
        {errors.form ? <Notice>{errors.form}</Notice> : null}
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <TextField label={t("current")} name="current" type="password" autoComplete="current-password" required error={errors.current} />
        <TextField label={t("next")} hint={t("hint", { min: PASSWORD_MIN_LENGTH })} name="next" type="password" autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} required error={errors.next} />
        <TextField label={t("repeat")} name="repeat" type="password" autoComplete="new-password" required error={errors.repeat} />
        <Button type="submit" tone="primary" disabled={api.pending}>
          {api.pending ? t("working") : t("submit")}
        </Button>
      </form>
    </Panel>
  );
}
