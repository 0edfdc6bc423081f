import { useEffect, useRef } from "react";
import { API_ERRORS } from "@contracts/api-errors";
import { PASSWORD_MIN_LENGTH } from "@contracts/staff-access";
import { useFormAction } from "~/lib/form-outcome";
import { Button, Notice, Panel, TextField } from "../ui";
import { useAdminWords } from "../admin-words";
import { StaffFormFields } from "../staff-form";
import { ACCOUNT_FORMS } from "./account-forms";
import { NewPasswordFields } from "./NewPasswordFields";

/** Posted to the account page's action (the /api/admin/account/password endpoint's declaration), with or without scripts. */
export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useAdminWords("account", "changePassword");
  const { fetcher, outcome, busy } = useFormAction<{ changed: true }>(ACCOUNT_FORMS.changePassword);
  const refused = outcome?.ok === false ? outcome : undefined;
  const errors = {
    // The endpoint names the field; the staff area says it in its own words.
    current: refused?.fieldErrors.current ? (refused.code === API_ERRORS.signInFailed.code ? t("wrongCurrent") : t("empty")) : undefined,
    password: refused?.fieldErrors.password
      ? refused.code === API_ERRORS.invalidValue.code && refused.fieldErrors.password === t("same")
        ? t("same")
        : t("tooShort", { min: PASSWORD_MIN_LENGTH })
      : undefined,
    repeat: refused?.fieldErrors.repeat,
  };
  const fieldError = Boolean(errors.current || errors.password || errors.repeat);
  const formRef = useRef<HTMLFormElement>(null);
  // Changed: the fields start empty again (without scripts the page comes back empty anyway).
  useEffect(() => {
    if (outcome?.ok) formRef.current?.reset();
  }, [outcome]);

  return (
    <Panel title={t("title")}>
      <fetcher.Form ref={formRef} method="post" className="space-y-4" noValidate>
        <StaffFormFields intent={ACCOUNT_FORMS.changePassword} />
        {outcome?.ok ? <Notice tone="success">{t("done")}</Notice> : null}
        {refused && !fieldError ? <Notice>{refused.message}</Notice> : null}
        <TextField label={t("current")} name="current" type="password" autoComplete="current-password" required error={errors.current} />
        <NewPasswordFields
          email={email}
          labels={{ password: t("next"), hint: t("hint", { min: PASSWORD_MIN_LENGTH }), repeat: t("repeat") }}
          errors={{ password: errors.password, repeat: errors.repeat }}
        />
        <Button type="submit" tone="primary" disabled={busy}>
          {busy ? t("working") : t("submit")}
        </Button>
      </fetcher.Form>
    </Panel>
  );
}
