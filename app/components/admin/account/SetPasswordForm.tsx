import { useState, type FormEvent } from "react";
import { postJson } from "~/lib/api-client";
import { PASSWORD_MIN_LENGTH } from "~/lib/staff-access";
import { useAdminLang, useAdminText } from "../admin-lang";
import { Button, Notice, TextField } from "../ui";
import { LangToggle } from "./LangToggle";

const WORDS = {
  en: {
    title: "Set your password",
    for: (email: string) => `For the staff account ${email}.`,
    expired: "This link has expired or has already been used. Ask an admin for a new one.",
    password: "New password",
    hint: `At least ${PASSWORD_MIN_LENGTH} characters. A sentence you will remember works well.`,
    repeat: "Repeat the password",
    mismatch: "The two passwords are not the same.",
    tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
    submit: "Set password",
    done: "Your password is set. You can sign in now.",
    signIn: "Go to sign-in",
    network: "The server could not be reached. Check the connection and try again.",
  },
  zh: {
    title: "设置密码",
    for: (email: string) => `员工账号：${email}`,
    expired: "此链接已过期或已被使用，请联系管理员重新发送。",
    password: "新密码",
    hint: `至少 ${PASSWORD_MIN_LENGTH} 个字符，建议使用一句容易记住的话。`,
    repeat: "再次输入密码",
    mismatch: "两次输入的密码不一致。",
    tooShort: `请至少输入 ${PASSWORD_MIN_LENGTH} 个字符。`,
    submit: "设置密码",
    done: "密码已设置，现在可以登录了。",
    signIn: "前往登录",
    network: "无法连接服务器，请检查网络后重试。",
  },
};

export function SetPasswordForm({ token, email }: { token: string; email: string | null }) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    if (password.length < PASSWORD_MIN_LENGTH) return setError(words.tooShort);
    if (password !== form.get("repeat")) return setError(words.mismatch);
    setBusy(true);
    const result = await postJson("/api/admin/password", { lang, token, password }, words.network);
    setBusy(false);
    if (result.ok) setDone(true);
    else setError(result.message);
  };

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">{words.title}</h1>
        {!email ? (
          <div className="mt-4">
            <Notice>{words.expired}</Notice>
          </div>
        ) : done ? (
          <div className="mt-4 space-y-3">
            <Notice tone="success">{words.done}</Notice>
            <a href="/admin/sign-in" className="inline-block text-blue-800 underline">
              {words.signIn}
            </a>
          </div>
        ) : (
          <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate>
            <p className="text-sm text-slate-600">{words.for(email)}</p>
            {error ? <Notice>{error}</Notice> : null}
            <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
            <TextField label={words.password} hint={words.hint} name="password" type="password" autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} required />
            <TextField label={words.repeat} name="repeat" type="password" autoComplete="new-password" required />
            <Button type="submit" tone="primary" className="w-full" disabled={busy}>
              {words.submit}
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
