import { API_ERRORS } from "@contracts/api-errors";
import { useFormAction } from "~/lib/form-outcome";
import { Button, Notice, TextField } from "../ui";
import { LangToggle } from "./LangToggle";
import { useAdminWords } from "../admin-words";
import { refusedField, StaffFormFields } from "../staff-form";

export const SIGN_IN = "sign-in";

/**
 * The sign-in form, posted to the page's action (the /api/admin/sign-in endpoint's own
 * declaration): it signs in and goes to `next`, with or without scripts. A refusal keeps the
 * address typed (never the password); an account with a second factor is asked for its code.
 */
export function SignInForm({ next, signedIn }: { next: string; signedIn: boolean }) {
  const { t } = useAdminWords("account", "signIn");
  const { fetcher, outcome, busy } = useFormAction<{ csrf_token: string }>(SIGN_IN);
  const refused = outcome?.ok === false ? outcome : undefined;
  // The code is asked for once the server says this account has a second factor, and stays asked.
  const needCode = Boolean(refused && (refused.code === API_ERRORS.secondFactorRequired.code || refused.values.code !== undefined));
  const email = refusedField(outcome, "email");
  const code = refusedField(outcome, "code");

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
        {signedIn ? (
          <div className="mt-4">
            <Notice tone="info">{t("signedIn")}</Notice>
            <a href={next} className="mt-3 inline-block text-blue-800 underline">
              {t("open")}
            </a>
          </div>
        ) : null}
        <fetcher.Form method="post" className="mt-5 space-y-4" noValidate>
          <StaffFormFields intent={SIGN_IN} />
          {refused ? <Notice>{refused.message}</Notice> : null}
          <TextField label={t("email")} name="email" type="email" autoComplete="username" required defaultValue={email.value} error={email.error} />
          <TextField
            label={t("password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={refusedField(outcome, "password").error}
          />
          {needCode ? (
            <TextField
              label={t("code")}
              hint={t("codeHint")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              autoFocus
              defaultValue={code.value}
              error={code.error}
            />
          ) : null}
          <Button type="submit" tone="primary" className="w-full" disabled={busy}>
            {busy ? t("working") : t("submit")}
          </Button>
        </fetcher.Form>
        <div className="mt-4 border-t border-slate-100 pt-3 text-right">
          <LangToggle />
        </div>
      </div>
    </main>
  );
}
