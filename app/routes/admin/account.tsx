import { pageLoader } from "../../../server/http/page-loader.server";
import { data } from "react-router";
import { staffSessionIdOf } from "../../../server/http/staff-session.server";
import { listSessions, staffById } from "../../../server/services/staff.server";
import { AccountPage } from "~/components/admin/account/AccountPage";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/account";

export const loader = pageLoader({ staff: "account", adminWords: ["account"] }, async ({ request, context }: Route.LoaderArgs, { staff }) => {
  const [me, sessions] = await Promise.all([staffById(context.db, staff.id), listSessions(context.db, staff.id, staffSessionIdOf(request))]);
  if (!me) throw data(null, { status: 404 });
  return { me, sessions };
});

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.account"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AccountPage me={loaderData.me} sessions={loaderData.sessions} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
