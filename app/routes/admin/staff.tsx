import { adminWordsFor } from "../../../server/i18n/admin-words.server";
import { requireStaffPage } from "../../../server/http/staff-session.server";
import { listStaff } from "../../../server/services/staff.server";
import { StaffPage } from "~/components/admin/staff/StaffPage";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/staff";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaffPage(context, request, "staff");
  return { list: await listStaff(context.db), myId: staff.id, adminWords: adminWordsFor(request, ["staff"]) };
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.staff"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StaffPage list={loaderData.list} myId={loaderData.myId} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
