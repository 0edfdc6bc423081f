import { useState, type FormEvent } from "react";
import { API_ERRORS } from "~/lib/api-errors";
import { PASSWORD_MIN_LENGTH } from "~/lib/staff-access";
import { useAdminText } from "../admin-lang";
import { useAdminApi } from "../use-admin-api";
import { Button, Notice, Panel, TextField } from "../ui";

const WORDS = {
  en: {
    title: "Change password",
    current: "Current password",
    next: "New password",
    hint: `At least ${PASSWORD_MIN_LENGTH} characters. A sentence you will remember works well.`,
    repeat: "Repeat the new password",
    submit: "Change password",
    working: "Changing…",
    empty: "Enter your current password.",
    tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
    mismatch: "The two new passwords are not the same.",
    same: "The new password is the same as the current one.",
    wrongCurrent: "The current password is not correct.",
    done: "Your password is changed. Every other device you were signed in on has been signed out.",
  },
  zh: {
    title: "修改密码",
    current: "当前密码",
    next: "新密码",
    hint: `至少 ${PASSWORD_MIN_LENGTH} 个字符，建议使用一句容易记住的话。`,
    repeat: "再次输入新密码",
    submit: "修改密码",
    working: "正在修改…",
    empty: "请输入当前密码。",
    tooShort: `请至少输入 ${PASSWORD_MIN_LENGTH} 个字符。`,
    mismatch: "两次输入的新密码不一致。",
    same: "新密码与当前密码相同。",
    wrongCurrent: "当前密码不正确。",
    done: "密码已修改，您在其他设备上的登录均已退出。",
  },
};

type Errors = { current?: string; next?: string; repeat?: string; form?: string };

export function ChangePasswordForm({ email }: { email: string }) {
  const words = useAdminText(WORDS);
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
    if (!current) found.current = words.empty;
    if (next.length < PASSWORD_MIN_LENGTH) found.next = words.tooShort;
    else if (next === current) found.next = words.same;
    else if (next !== repeat) found.repeat = words.mismatch;
    setErrors(found);
    if (Object.keys(found).length) return;
    const result = await api.post("/admin/account/password", { current, password: next });
    if (result.ok) {
      formElement.reset();
      setDone(true);
    } else if (result.code === API_ERRORS.signInFailed.code) {
      setErrors({ current: words.wrongCurrent });
    } else {
      setErrors({ form: result.message });
    }
  };

  return (
    <Panel title={words.title}>
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        {done ? <Notice tone="success">{words.done}</Notice> : null}
        {errors.form ? <Notice>{errors.form}</Notice> : null}
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <TextField label={words.current} name="current" type="password" autoComplete="current-password" required error={errors.current} />
        <TextField label={words.next} hint={words.hint} name="next" type="password" autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} required error={errors.next} />
        <TextField label={words.repeat} name="repeat" type="password" autoComplete="new-password" required error={errors.repeat} />
        <Button type="submit" tone="primary" disabled={api.pending}>
          {api.pending ? words.working : words.submit}
        </Button>
      </form>
    </Panel>
  );
}
