import { useLoaderData } from "react-router";
import { requireStaffPage } from "../../../server/http/staff-session.server";
import { dashboardCounts } from "../../../server/services/staff-dashboard.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { DashboardPage } from "~/components/admin/DashboardPage";
import { staffMeta } from "~/components/admin/meta";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaffPage(context, request, "dashboard");
  return { counts: await dashboardCounts(context.db, staff.role, context.businessTimeZone), name: staff.name || staff.email, role: staff.role };
}

export const meta: Route.MetaFunction = () => staffMeta("Overview");

export default function DashboardRoute() {
  const { counts, name, role } = useLoaderData<typeof loader>();
  return <DashboardPage counts={counts} name={name} role={role} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
