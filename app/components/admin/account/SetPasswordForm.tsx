import { useState, type FormEvent } from "react";
import { postJson } from "~/lib/api-client";
import { PASSWORD_MIN_LENGTH } from "@contracts/staff-access";
import { useAdminLang } from "../admin-lang";
import { Button, Notice, TextField } from "../ui";
import { LangToggle } from "./LangToggle";
import { useAdminWords } from "../admin-words";

export function SetPasswordForm({ token, email }: { token: string; email: string | null }) {
  const { t } = useAdminWords("account", "setPassword");
  const lang = useAdminLang();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    if (password.length < PASSWORD_MIN_LENGTH) return setError(t("tooShort", { min: PASSWORD_MIN_LENGTH }));
    if (password !== form.get("repeat")) return setError(t("mismatch"));
    setBusy(true);
    const result = await postJson("/api/admin/password", { lang, token, password }, t("network"));
    setBusy(false);
    if (result.ok) setDone(true);
    else setError(result.message);
  };

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        {!email ? (
          <div className="mt-4">
            <Notice>{t("expired")}</Notice>
          </div>
        ) : done ? (
          <div className="mt-4 space-y-3">
            <Notice tone="success">{t("done")}</Notice>
            <a href="/admin/sign-in" className="inline-block text-blue-800 underline">
              {t("signIn")}
            </a>
          </div>
        ) : (
          <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate>
            <p className="text-sm text-slate-600">{t("for", { email })}</p>
            {error ? <Notice>{error}</Notice> : null}
            <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
            <TextField label={t("password")} hint={t("hint", { min: PASSWORD_MIN_LENGTH })} name="password" type="password" autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} required />
            <TextField label={t("repeat")} name="repeat" type="password" autoComplete="new-password" required />
            <Button type="submit" tone="primary" className="w-full" disabled={busy}>
              {t("submit")}
            </Button>
          </form>
        )}
        <div className="mt-4 border-t border-slate-100 pt-3 text-right">
          <LangToggle />
        </div>
      </div>
    </main>
  );
}
