import { pageLoader } from "../../../server/http/page-loader.server";
import { useLoaderData } from "react-router";
import { dashboardCounts } from "../../../server/pages/staff-dashboard.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { DashboardPage } from "~/components/admin/DashboardPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/dashboard";

export const loader = pageLoader({ staff: "dashboard", adminWords: ["dashboard"] }, async ({ context }: Route.LoaderArgs, { staff }) => {
  return { counts: await dashboardCounts(context.db, staff.role, context.businessTimeZone), name: staff.name || staff.email, role: staff.role };
});

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.dashboard"));

export default function DashboardRoute() {
  const { counts, name, role } = useLoaderData<typeof loader>();
  return <DashboardPage counts={counts} name={name} role={role} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
