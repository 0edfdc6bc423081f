import { useState, type FormEvent } from "react";
import { postJson } from "~/lib/api-client";
import { API_ERRORS } from "@contracts/api-errors";
import { useAdminLang } from "../admin-lang";
import { Button, Notice, TextField } from "../ui";
import { LangToggle } from "./LangToggle";
import { useAdminWords } from "../admin-words";

/** The sign-in form: posts { email, password } (and the code when asked) to /api/admin/sign-in. */
export function SignInForm({ next, signedIn }: { next: string; signedIn: boolean }) {
  const { t } = useAdminWords("account", "signIn");
  const lang = useAdminLang();
  const [needCode, setNeedCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await postJson<{ csrf_token: string }>(
      "/api/admin/sign-in",
      { lang, email: form.get("email"), password: form.get("password"), ...(needCode ? { code: form.get("code") } : {}) },
      t("network"),
    );
    if (result.ok) {
      window.location.assign(next);
      return;
    }
    setBusy(false);
    if (result.code === API_ERRORS.secondFactorRequired.code) setNeedCode(true);
    setError(result.message);
  };

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
        <form method="post" action="/api/admin/sign-in" onSubmit={(e) => void submit(e)} className="mt-5 space-y-4" noValidate>
          {error ? <Notice>{error}</Notice> : null}
          <TextField label={t("email")} name="email" type="email" autoComplete="username" required />
          <TextField label={t("password")} name="password" type="password" autoComplete="current-password" required />
          {needCode ? <TextField label={t("code")} hint={t("codeHint")} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required autoFocus /> : null}
          <Button type="submit" tone="primary" className="w-full" disabled={busy}>
            {busy ? t("working") : t("submit")}
          </Button>
        </form>
        <div className="mt-4 border-t border-slate-100 pt-3 text-right">
          <LangToggle />
        </div>
      </div>
    </main>
  );
}
