import { adminWordsFor } from "../../../server/i18n/admin-words.server";
import { useLoaderData } from "react-router";
import { requireStaffPage } from "../../../server/http/staff-session.server";
import { dashboardCounts } from "../../../server/pages/staff-dashboard.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { DashboardPage } from "~/components/admin/DashboardPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaffPage(context, request, "dashboard");
  return { counts: await dashboardCounts(context.db, staff.role, context.businessTimeZone), name: staff.name || staff.email, role: staff.role, adminWords: adminWordsFor(request, ["dashboard"]) };
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.dashboard"));

export default function DashboardRoute() {
  const { counts, name, role } = useLoaderData<typeof loader>();
  return <DashboardPage counts={counts} name={name} role={role} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
