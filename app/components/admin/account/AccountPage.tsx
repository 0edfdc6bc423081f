import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { AdminPage, Badge, Panel } from "../ui";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { SessionsPanel } from "./SessionsPanel";
import { TwoFactorPanel } from "./TwoFactorPanel";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/account";

type AccountData = PageData<typeof loader>;
export type AccountView = AccountData["me"];

export function AccountPage({ me, sessions }: { me: AccountView; sessions: AccountData["sessions"] }) {
  const { t } = useAdminWords("account", "page");
  const locale = useStaffLocale();
  return (
    <AdminPage title={t("title")} description={t("description")}>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Panel title={t("profile")}>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-3">
            <dt className="mt-2 text-xs font-medium text-slate-500 first:mt-0 sm:mt-0 sm:text-sm sm:text-slate-600">{t("email")}</dt>
            <dd className="break-all text-slate-900">{me.email}</dd>
            <dt className="mt-2 text-xs font-medium text-slate-500 first:mt-0 sm:mt-0 sm:text-sm sm:text-slate-600">{t("name")}</dt>
            <dd className="text-slate-900">{me.name || <span className="text-slate-500">{t("noName")}</span>}</dd>
            <dt className="mt-2 text-xs font-medium text-slate-500 first:mt-0 sm:mt-0 sm:text-sm sm:text-slate-600">{t("role")}</dt>
            <dd>
              <Badge tone={me.role === "admin" ? "blue" : "neutral"}>{t(`roles.${me.role}`)}</Badge>
              <p className="mt-1 text-slate-600">{t(`roleHelp.${me.role}`)}</p>
              <p className="mt-1 text-xs text-slate-500">{t("nameHint")}</p>
            </dd>
            <dt className="mt-2 text-xs font-medium text-slate-500 first:mt-0 sm:mt-0 sm:text-sm sm:text-slate-600">{t("since")}</dt>
            <dd className="text-slate-900">
              <time dateTime={me.created_at} suppressHydrationWarning>
                {formatStaffTime(me.created_at, locale, { dateStyle: "long" })}
              </time>
            </dd>
          </dl>
        </Panel>
        <ChangePasswordForm email={me.email} />
        <TwoFactorPanel enabled={me.totp_enabled} email={me.email} />
        <SessionsPanel sessions={sessions} />
      </div>
    </AdminPage>
  );
}
