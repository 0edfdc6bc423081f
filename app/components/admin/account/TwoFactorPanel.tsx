import { useState, type FormEvent } from "react";
import { API_ERRORS } from "@contracts/api-errors";
import { useAdminApi } from "../use-admin-api";
import { Badge, Button, Notice, Panel, TextField } from "../ui";
import { useAdminWords } from "../admin-words";

interface Setup {
  secret: string;
  qr_svg: string;
}

/** The QR code is SVG text made by the server's `qrcode`; as an image it cannot run anything. */
const svgImage = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

export function TwoFactorPanel({ enabled, email }: { enabled: boolean; email: string }) {
  const { t } = useAdminWords("account", "twoFactor");
  const api = useAdminApi();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<{ field?: "code" | "password"; text: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const begin = async () => {
    setError(null);
    setNotice(null);
    const result = await api.post<Setup & { uri: string }>("/admin/account/totp/begin", {}, { revalidate: false });
    if (result.ok) setSetup({ secret: result.data.secret, qr_svg: result.data.qr_svg });
    else setError({ text: result.code === API_ERRORS.editConflict.code ? t("alreadyOn") : result.message });
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) return setError({ field: "code", text: t("codeFormat") });
    setError(null);
    const result = await api.post("/admin/account/totp/confirm", { code });
    if (result.ok) {
      setSetup(null);
      setNotice(t("enabled"));
    } else setError(result.code === API_ERRORS.signInFailed.code ? { field: "code", text: t("badCode") } : { text: result.message });
  };

  const disable = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const password = String(new FormData(formElement).get("password") ?? "");
    if (!password) return setError({ field: "password", text: t("wrongPassword") });
    setError(null);
    const result = await api.post("/admin/account/totp/disable", { password });
    if (result.ok) {
      formElement.reset();
      setNotice(t("disabled"));
    } else setError(result.code === API_ERRORS.signInFailed.code ? { field: "password", text: t("wrongPassword") } : { text: result.message });
  };

  return (
    <Panel title={t("title")} actions={<Badge tone={enabled ? "green" : "neutral"}>{enabled ? t("on") : t("off")}</Badge>}>
      <div className="space-y-4 text-sm">
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        {error && !error.field ? <Notice>{error.text}</Notice> : null}
        {enabled ? (
          <>
            <p className="text-slate-700">{t("onText")}</p>
            <form onSubmit={(e) => void disable(e)} className="space-y-3 border-t border-slate-200 pt-4" noValidate>
              <h3 className="font-medium text-slate-900">{t("disableTitle")}</h3>
              <p className="text-slate-600">{t("disableText")}</p>
              <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
              <TextField
                label={t("password")}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                error={error?.field === "password" ? error.text : null}
              />
              <Button type="submit" tone="danger" disabled={api.pending}>
                {api.pending ? t("disabling") : t("disable")}
              </Button>
            </form>
          </>
        ) : setup ? (
          <form onSubmit={(e) => void confirm(e)} className="space-y-4" noValidate>
            <div>
              <h3 className="font-medium text-slate-900">{t("step1")}</h3>
              <img src={svgImage(setup.qr_svg)} alt={t("qrAlt")} width={192} height={192} className="mt-3 h-48 w-48 rounded border border-slate-200 bg-white p-1" />
              <p className="mt-3 text-slate-600">{t("manual")}</p>
              <p className="mt-1 rounded bg-slate-100 px-3 py-2 font-mono text-sm tracking-wide break-all text-slate-900 select-all">{groupedSecret(setup.secret)}</p>
            </div>
            <div>
              <h3 className="font-medium text-slate-900">{t("step2")}</h3>
              <TextField
                label={t("code")}
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
                {api.pending ? t("confirming") : t("confirm")}
              </Button>
              <Button onClick={() => (setSetup(null), setError(null))} disabled={api.pending}>
                {t("cancel")}
              </Button>
            </div>
          </form>
        ) : (
          <>
            <p className="text-slate-700">{t("offText")}</p>
            <Button tone="primary" onClick={() => void begin()} disabled={api.pending}>
              {api.pending ? t("starting") : t("setUp")}
            </Button>
          </>
        )}
      </div>
    </Panel>
  );
}
