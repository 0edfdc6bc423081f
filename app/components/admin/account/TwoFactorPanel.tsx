import { useState, type FormEvent } from "react";
import { API_ERRORS } from "~/lib/api-errors";
import { useAdminText } from "../admin-lang";
import { useAdminApi } from "../use-admin-api";
import { Badge, Button, Notice, Panel, TextField } from "../ui";

const WORDS = {
  en: {
    title: "Second factor",
    on: "On",
    off: "Off",
    offText: "Signing in asks only for your password. With a second factor it also asks for a six-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and the like).",
    onText: "Signing in asks for your password and a code from your authenticator app.",
    setUp: "Set up a second factor",
    starting: "Preparing…",
    step1: "1. Scan this code with your authenticator app",
    qrAlt: "QR code for your authenticator app",
    manual: "Cannot scan? Enter this key in the app instead (time-based, 6 digits, 30 seconds):",
    step2: "2. Enter the code the app shows",
    code: "Six-digit code",
    confirm: "Turn on",
    confirming: "Checking…",
    cancel: "Cancel",
    badCode: "That code is not right, or it was already used. Wait for the next code and try again.",
    codeFormat: "Enter the six digits the app shows.",
    enabled: "The second factor is on, and every other device signed in to this account has been signed out. Next time you sign in, have your phone ready.",
    disableTitle: "Turn the second factor off",
    disableText: "Your password is needed to turn it off.",
    password: "Your password",
    disable: "Turn off",
    disabling: "Turning off…",
    wrongPassword: "The password is not correct.",
    disabled: "The second factor is off. Signing in asks only for your password now.",
    alreadyOn: "A second factor is already on for this account. Reload the page to see it.",
  },
  zh: {
    title: "双重验证",
    on: "已开启",
    off: "未开启",
    offText: "目前登录只需要密码。开启双重验证后，登录时还需输入手机上身份验证器应用（如 Google Authenticator、Microsoft Authenticator、1Password 等）显示的六位验证码。",
    onText: "登录时需要输入密码，以及身份验证器应用中的验证码。",
    setUp: "设置双重验证",
    starting: "正在准备…",
    step1: "1. 用身份验证器应用扫描此二维码",
    qrAlt: "用于身份验证器应用的二维码",
    manual: "无法扫描？请在应用中手动输入以下密钥（基于时间，6 位数字，30 秒）：",
    step2: "2. 输入应用显示的验证码",
    code: "六位验证码",
    confirm: "开启",
    confirming: "正在验证…",
    cancel: "取消",
    badCode: "验证码不正确或已被使用，请等待下一个验证码后重试。",
    codeFormat: "请输入应用中显示的六位数字。",
    enabled: "双重验证已开启，此账号在其他设备上的登录均已退出。下次登录时请准备好手机。",
    disableTitle: "关闭双重验证",
    disableText: "关闭前需要输入您的密码。",
    password: "您的密码",
    disable: "关闭",
    disabling: "正在关闭…",
    wrongPassword: "密码不正确。",
    disabled: "双重验证已关闭，现在登录只需要密码。",
    alreadyOn: "此账号已开启双重验证，请刷新页面查看。",
  },
};

interface Setup {
  secret: string;
  qr_svg: string;
}

/** The QR code is SVG text made by the server's `qrcode`; as an image it cannot run anything. */
const svgImage = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

export function TwoFactorPanel({ enabled, email }: { enabled: boolean; email: string }) {
  const words = useAdminText(WORDS);
  const api = useAdminApi();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<{ field?: "code" | "password"; text: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const begin = async () => {
    setError(null);
    setNotice(null);
    const result = await api.post<Setup & { uri: string }>("/admin/account/totp/begin", {}, { revalidate: false });
    if (result.ok) setSetup({ secret: result.data.secret, qr_svg: result.data.qr_svg });
    else setError({ text: result.code === API_ERRORS.editConflict.code ? words.alreadyOn : result.message });
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) return setError({ field: "code", text: words.codeFormat });
    setError(null);
    const result = await api.post("/admin/account/totp/confirm", { code });
    if (result.ok) {
      setSetup(null);
      setNotice(words.enabled);
    } else setError(result.code === API_ERRORS.signInFailed.code ? { field: "code", text: words.badCode } : { text: result.message });
  };

  const disable = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const password = String(new FormData(formElement).get("password") ?? "");
    if (!password) return setError({ field: "password", text: words.wrongPassword });
    setError(null);
    const result = await api.post("/admin/account/totp/disable", { password });
    if (result.ok) {
      formElement.reset();
      setNotice(words.disabled);
    } else setError(result.code === API_ERRORS.signInFailed.code ? { field: "password", text: words.wrongPassword } : { text: result.message });
  };

  return (
    <Panel title={words.title} actions={<Badge tone={enabled ? "green" : "neutral"}>{enabled ? words.on : words.off}</Badge>}>
      <div className="space-y-4 text-sm">
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        {error && !error.field ? <Notice>{error.text}</Notice> : null}
        {enabled ? (
          <>
            <p className="text-slate-700">{words.onText}</p>
            <form onSubmit={(e) => void disable(e)} className="space-y-3 border-t border-slate-200 pt-4" noValidate>
              <h3 className="font-medium text-slate-900">{words.disableTitle}</h3>
              <p className="text-slate-600">{words.disableText}</p>
              <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
              <TextField
                label={words.password}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                error={error?.field === "password" ? error.text : null}
              />
              <Button type="submit" tone="danger" disabled={api.pending}>
                {api.pending ? words.disabling : words.disable}
              </Button>
            </form>
          </>
        ) : setup ? (
          <form onSubmit={(e) => void confirm(e)} className="space-y-4" noValidate>
            <div>
              <h3 className="font-medium text-slate-900">{words.step1}</h3>
              <img src={svgImage(setup.qr_svg)} alt={words.qrAlt} width={192} height={192} className="mt-3 h-48 w-48 rounded border border-slate-200 bg-white p-1" />
              <p className="mt-3 text-slate-600">{words.manual}</p>
              <p className="mt-1 rounded bg-slate-100 px-3 py-2 font-mono text-sm tracking-wide break-all text-slate-900 select-all">{groupedSecret(setup.secret)}</p>
            </div>
            <div>
              <h3 className="font-medium text-slate-900">{words.step2}</h3>
              <TextField
                label={words.code}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={7}
                required
                className="mt-2 max-w-xs"
                error={error?.field === "code" ? error.text : null}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" tone="primary" disabled={api.pending}>
                {api.pending ? words.confirming : words.confirm}
              </Button>
              <Button onClick={() => (setSetup(null), setError(null))} disabled={api.pending}>
                {words.cancel}
              </Button>
            </div>
          </form>
        ) : (
          <>
            <p className="text-slate-700">{words.offText}</p>
            <Button tone="primary" onClick={() => void begin()} disabled={api.pending}>
              {api.pending ? words.starting : words.setUp}
            </Button>
          </>
        )}
      </div>
    </Panel>
  );
}
