import { pageLoader } from "../../../server/http/page-loader.server";
import { listStaff } from "../../../server/services/staff.server";
import { StaffPage } from "~/components/admin/staff/StaffPage";
import { STAFF_INVITE } from "~/components/admin/staff/InviteForm";
import { data } from "react-router";
import { staffInvite } from "../../../server/api/endpoints/admin-staff.server";
import { endpointAction } from "../../../server/http/form-actions.server";
import { postedForm, staffFormLang } from "../../../server/http/staff-form-actions.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/staff";

export const loader = pageLoader({ staff: "staff", adminWords: ["staff"] }, async ({ context }: Route.LoaderArgs, { staff }) => {
  return { list: await listStaff(context.db), myId: staff.id };
});

/** The invitation form (InviteForm): the /api/admin/staff/invite endpoint's declaration. */
export async function action(args: Route.ActionArgs) {
  const lang = staffFormLang(args.request);
  const posted = await postedForm(args.request, lang);
  if ("refused" in posted) return posted.refused;
  if (posted.intent !== STAFF_INVITE) throw data(null, { status: 400 });
  return endpointAction(staffInvite, args, { lang, form: posted.form });
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.staff"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StaffPage list={loaderData.list} myId={loaderData.myId} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
