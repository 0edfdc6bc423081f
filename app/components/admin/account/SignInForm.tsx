import { useState, type FormEvent } from "react";
import { postJson } from "~/lib/api-client";
import { API_ERRORS } from "~/lib/api-errors";
import { useAdminLang, useAdminText } from "../admin-lang";
import { Button, Notice, TextField } from "../ui";
import { LangToggle } from "./LangToggle";

const WORDS = {
  en: {
    title: "Staff sign-in",
    intro: "For the people who run the site. Visitors do not need an account here.",
    email: "Email address",
    password: "Password",
    code: "Authenticator code",
    codeHint: "Six digits from your authenticator app.",
    submit: "Sign in",
    working: "Signing in…",
    signedIn: "You are already signed in.",
    open: "Open the staff area",
    network: "The server could not be reached. Check the connection and try again.",
  },
  zh: {
    title: "员工登录",
    intro: "仅供网站运营人员使用，访客无需在此登录。",
    email: "邮箱地址",
    password: "密码",
    code: "身份验证码",
    codeHint: "身份验证器应用中的六位数字。",
    submit: "登录",
    working: "正在登录…",
    signedIn: "您已登录。",
    open: "进入管理后台",
    network: "无法连接服务器，请检查网络后重试。",
  },
};

/** The sign-in form: posts { email, password } (and the code when asked) to /api/admin/sign-in. */
export function SignInForm({ next, signedIn }: { next: string; signedIn: boolean }) {
  const words = useAdminText(WORDS);
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
      words.network,
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
        <h1 className="text-xl font-semibold">{words.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{words.intro}</p>
        {signedIn ? (
          <div className="mt-4">
            <Notice tone="info">{words.signedIn}</Notice>
            <a href={next} className="mt-3 inline-block text-blue-800 underline">
              {words.open}
            </a>
          </div>
        ) : null}
        <form method="post" action="/api/admin/sign-in" onSubmit={(e) => void submit(e)} className="mt-5 space-y-4" noValidate>
          {error ? <Notice>{error}</Notice> : null}
          <TextField label={words.email} name="email" type="email" autoComplete="username" required />
          <TextField label={words.password} name="password" type="password" autoComplete="current-password" required />
          {needCode ? <TextField label={words.code} hint={words.codeHint} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required autoFocus /> : null}
          <Button type="submit" tone="primary" className="w-full" disabled={busy}>
            {busy ? words.working : words.submit}
          </Button>
        </form>
        <div className="mt-4 border-t border-slate-100 pt-3 text-right">
          <LangToggle />
        </div>
      </div>
    </main>
  );
}
