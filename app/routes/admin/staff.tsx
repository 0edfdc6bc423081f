import { pageLoader } from "../../../server/http/page-loader.server";
import { listStaff } from "../../../server/services/staff.server";
import { StaffPage } from "~/components/admin/staff/StaffPage";
import { STAFF_INVITE } from "~/components/admin/staff/InviteForm";
import { STAFF_RESET_LINK, STAFF_UPDATE } from "~/components/admin/staff/StaffTable";
import { staffInvite, staffResetLink, staffUpdate } from "../../../server/api/endpoints/admin-staff.server";
import { staffForm, staffFormsAction } from "../../../server/http/staff-form-actions.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/staff";

export const loader = pageLoader({ staff: "staff", adminWords: ["staff"] }, async ({ context }: Route.LoaderArgs, { staff }) => {
  return { list: await listStaff(context.db), myId: staff.id };
});

/** The invitation form (InviteForm), a member's role or status and a new password link (StaffTable): the /api/admin/staff endpoints' declarations. */
export function action(args: Route.ActionArgs) {
  return staffFormsAction(args, {
    [STAFF_INVITE]: staffForm(staffInvite),
    [STAFF_UPDATE]: staffForm(staffUpdate),
    [STAFF_RESET_LINK]: staffForm(staffResetLink),
  });
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.staff"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StaffPage list={loaderData.list} myId={loaderData.myId} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
