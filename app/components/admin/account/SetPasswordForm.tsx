import { PASSWORD_MIN_LENGTH } from "@contracts/staff-access";
import { useFormAction } from "~/lib/form-outcome";
import { Button, Notice } from "../ui";
import { LangToggle } from "./LangToggle";
import { NewPasswordFields } from "./NewPasswordFields";
import { useAdminWords } from "../admin-words";
import { StaffFormFields } from "../staff-form";

export const SET_PASSWORD = "set-password";

/** A one-time link's password form, posted to the page's action (the /api/admin/password endpoint's declaration). */
export function SetPasswordForm({ token, email }: { token: string; email: string | null }) {
  const { t } = useAdminWords("account", "setPassword");
  const { fetcher, outcome, busy } = useFormAction<{ email: string }>(SET_PASSWORD);
  const refused = outcome?.ok === false ? outcome : undefined;
  // A password too short in the staff area's words (the endpoint only says it is not valid); the
  // rest (an expired link) in the message area.
  const passwordError = refused?.fieldErrors.password ? t("tooShort", { min: PASSWORD_MIN_LENGTH }) : undefined;
  const repeatError = refused?.fieldErrors.repeat;
  const fieldError = Boolean(passwordError || repeatError);

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        {/* Set: the link is used up now, so this comes first. */}
        {outcome?.ok ? (
          <div className="mt-4 space-y-3">
            <Notice tone="success">{t("done")}</Notice>
            <a href="/admin/sign-in" className="inline-block text-blue-800 underline">
              {t("signIn")}
            </a>
          </div>
        ) : !email || !token ? (
          <div className="mt-4">
            <Notice>{t("expired")}</Notice>
          </div>
        ) : (
          <fetcher.Form method="post" className="mt-4 space-y-4" noValidate>
            <StaffFormFields intent={SET_PASSWORD} />
            <p className="text-sm text-slate-600">{t("for", { email })}</p>
            {refused && !fieldError ? <Notice>{refused.message}</Notice> : null}
            <NewPasswordFields
              email={email}
              labels={{ password: t("password"), hint: t("hint", { min: PASSWORD_MIN_LENGTH }), repeat: t("repeat") }}
              errors={{ password: passwordError, repeat: repeatError }}
            />
            <Button type="submit" tone="primary" className="w-full" disabled={busy}>
              {t("submit")}
            </Button>
          </fetcher.Form>
        )}
        <div className="mt-4 border-t border-slate-100 pt-3 text-right">
          <LangToggle />
        </div>
      </div>
    </main>
  );
}
