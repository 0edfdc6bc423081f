import { pageLoader } from "../../../server/http/page-loader.server";
import { useLoaderData } from "react-router";
import { passwordTokenAccount } from "../../../server/services/staff.server";
import { passwordSet } from "../../../server/api/endpoints/admin-staff.server";
import { newPasswordAction, staffFormLang } from "../../../server/http/staff-form-actions.server";
import { SetPasswordForm } from "~/components/admin/account/SetPasswordForm";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/set-password";

export const loader = pageLoader({ adminWords: ["account"] }, async ({ request, context }: Route.LoaderArgs) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const account = token.length >= 10 && token.length <= 100 ? await passwordTokenAccount(context.db, token) : null;
  return { token, email: account?.email ?? null };
});

/** The new password (SetPasswordForm), for the link's token in the address. */
export function action(args: Route.ActionArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  return newPasswordAction(passwordSet, args, { lang: staffFormLang(args.request), fields: { token } });
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("titles.setPassword"));

export default function SetPasswordPage() {
  const { token, email } = useLoaderData<typeof loader>();
  return <SetPasswordForm token={token} email={email} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
