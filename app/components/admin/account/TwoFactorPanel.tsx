import { useState } from "react";
import { API_ERRORS } from "@contracts/api-errors";
import { useFormAction, type FormOutcome } from "~/lib/form-outcome";
import { Badge, Button, Notice, Panel, TextField } from "../ui";
import { useAdminWords } from "../admin-words";
import { StaffFormFields } from "../staff-form";
import { ACCOUNT_FORMS } from "./account-forms";

interface Setup {
  secret: string;
  qr_svg: string;
  uri: string;
}

/** The QR code is SVG text made by the server's `qrcode`; as an image it cannot run anything. */
const svgImage = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");
const refusalOf = (outcome: FormOutcome<unknown> | undefined) => (outcome?.ok === false ? outcome : undefined);

/**
 * The second factor: set up (begin, then confirm with a code) or turned off with the password.
 * Each step is a form posted to the account page's action, so it works with or without scripts;
 * without them a refused code comes back with the key to type (the QR code is shown once).
 */
export function TwoFactorPanel({ enabled, email }: { enabled: boolean; email: string }) {
  const { t } = useAdminWords("account", "twoFactor");
  const begin = useFormAction<Setup>(ACCOUNT_FORMS.totpBegin);
  const confirm = useFormAction<{ enabled: true }>(ACCOUNT_FORMS.totpConfirm);
  const disable = useFormAction<{ enabled: false }>(ACCOUNT_FORMS.totpDisable);
  // The setup a "Cancel" put away (with scripts; without them Cancel reloads the page).
  const [cancelled, setCancelled] = useState<unknown>(null);
  const started = begin.outcome?.ok && begin.outcome !== cancelled ? begin.outcome.data : undefined;
  const confirmRefused = refusalOf(confirm.outcome);
  const disableRefused = refusalOf(disable.outcome);
  const beginRefused = refusalOf(begin.outcome);
  // A refused code keeps the setup on screen: with scripts the QR code too, without them its key (posted back).
  const setup: { secret: string; qr_svg?: string } | undefined =
    enabled || confirm.outcome?.ok
      ? undefined
      : (started ?? (!begin.outcome && confirmRefused?.values.secret ? { secret: confirmRefused.values.secret } : undefined));

  const codeError = confirmRefused?.fieldErrors.code ? (confirmRefused.code === API_ERRORS.signInFailed.code ? t("badCode") : t("codeFormat")) : undefined;
  const passwordError = disableRefused?.fieldErrors.password ? t("wrongPassword") : undefined;
  const formError = beginRefused
    ? beginRefused.code === API_ERRORS.editConflict.code
      ? t("alreadyOn")
      : beginRefused.message
    : confirmRefused && !codeError
      ? confirmRefused.message
      : disableRefused && !passwordError
        ? disableRefused.message
        : undefined;
  const notice = enabled && confirm.outcome?.ok ? t("enabled") : !enabled && disable.outcome?.ok ? t("disabled") : undefined;
  const busy = begin.busy || confirm.busy || disable.busy;

  return (
    <Panel title={t("title")} actions={<Badge tone={enabled ? "green" : "neutral"}>{enabled ? t("on") : t("off")}</Badge>}>
      <div className="space-y-4 text-sm">
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        {formError ? <Notice>{formError}</Notice> : null}
        {enabled ? (
          <>
            <p className="text-slate-700">{t("onText")}</p>
            <disable.fetcher.Form method="post" className="space-y-3 border-t border-slate-200 pt-4" noValidate>
              <StaffFormFields intent={ACCOUNT_FORMS.totpDisable} />
              <h3 className="font-medium text-slate-900">{t("disableTitle")}</h3>
              <p className="text-slate-600">{t("disableText")}</p>
              <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
              <TextField label={t("password")} name="password" type="password" autoComplete="current-password" required error={passwordError} />
              <Button type="submit" tone="danger" disabled={busy}>
                {disable.busy ? t("disabling") : t("disable")}
              </Button>
            </disable.fetcher.Form>
          </>
        ) : setup ? (
          <confirm.fetcher.Form method="post" className="space-y-4" noValidate>
            <StaffFormFields intent={ACCOUNT_FORMS.totpConfirm} />
            <input type="hidden" name="secret" value={setup.secret} />
            <div>
              <h3 className="font-medium text-slate-900">{t("step1")}</h3>
              {setup.qr_svg ? (
                <img
                  src={svgImage(setup.qr_svg)}
                  alt={t("qrAlt")}
                  width={192}
                  height={192}
                  className="mt-3 h-48 w-48 rounded border border-slate-200 bg-white p-1"
                />
              ) : null}
              <p className="mt-3 text-slate-600">{t("manual")}</p>
              <p className="mt-1 rounded bg-slate-100 px-3 py-2 font-mono text-sm tracking-wide break-all text-slate-900 select-all">
                {groupedSecret(setup.secret)}
              </p>
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
                error={codeError}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" tone="primary" disabled={busy}>
                {confirm.busy ? t("confirming") : t("confirm")}
              </Button>
              <a
                href="/admin/account"
                onClick={(event) => {
                  event.preventDefault();
                  setCancelled(begin.outcome ?? null);
                }}
                className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-800 no-underline hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              >
                {t("cancel")}
              </a>
            </div>
          </confirm.fetcher.Form>
        ) : (
          <>
            <p className="text-slate-700">{t("offText")}</p>
            <begin.fetcher.Form method="post">
              <StaffFormFields intent={ACCOUNT_FORMS.totpBegin} />
              <Button type="submit" tone="primary" disabled={busy}>
                {begin.busy ? t("starting") : t("setUp")}
              </Button>
            </begin.fetcher.Form>
          </>
        )}
      </div>
    </Panel>
  );
}
