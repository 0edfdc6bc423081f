import { pageLoader } from "../../../server/http/page-loader.server";
import { data, redirect } from "react-router";
import { staffSessionIdOf } from "../../../server/http/staff-session.server";
import { passwordChange, staffSignOut, staffSignOutEverywhere, totpBegin, totpConfirm, totpDisable } from "../../../server/api/endpoints/admin-staff.server";
import { endpointAction } from "../../../server/http/form-actions.server";
import { newPasswordAction, PASSWORD_FIELDS, postedForm, staffFormLang } from "../../../server/http/staff-form-actions.server";
import { listSessions, staffById } from "../../../server/services/staff.server";
import { AccountPage } from "~/components/admin/account/AccountPage";
import { ACCOUNT_FORMS } from "~/components/admin/account/account-forms";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/account";

export const loader = pageLoader({ staff: "account", adminWords: ["account"] }, async ({ request, context }: Route.LoaderArgs, { staff }) => {
  const [me, sessions] = await Promise.all([staffById(context.db, staff.id), listSessions(context.db, staff.id, staffSessionIdOf(request))]);
  if (!me) throw data(null, { status: 404 });
  return { me, sessions };
});

/** The account's forms (AccountPage) and the shell's sign-out, each by its intent: the same endpoints as /api/admin/*. */
export async function action(args: Route.ActionArgs) {
  const lang = staffFormLang(args.request);
  const posted = await postedForm(args.request, lang);
  if ("refused" in posted) return posted.refused;
  const { form, intent } = posted;
  switch (intent) {
    case ACCOUNT_FORMS.changePassword:
      return newPasswordAction(passwordChange, args, { lang, form });
    case ACCOUNT_FORMS.totpBegin:
      return endpointAction(totpBegin, args, { lang, form });
    case ACCOUNT_FORMS.totpConfirm:
      return endpointAction(totpConfirm, args, { lang, form });
    case ACCOUNT_FORMS.totpDisable:
      return endpointAction(totpDisable, args, { lang, form, secret: PASSWORD_FIELDS });
    case ACCOUNT_FORMS.signOut:
    case ACCOUNT_FORMS.signOutEverywhere: {
      const outcome =
        intent === ACCOUNT_FORMS.signOut
          ? await endpointAction(staffSignOut, args, { lang, form })
          : await endpointAction(staffSignOutEverywhere, args, { lang, form });
      // This session ended (its cookie is cleared on the response): on to sign in again.
      return outcome.data.ok ? redirect("/admin/sign-in", 303) : outcome;
    }
    default:
      throw data(null, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.account"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AccountPage me={loaderData.me} sessions={loaderData.sessions} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
