import { pageLoader } from "../../../server/http/page-loader.server";
import { listStaff } from "../../../server/services/staff.server";
import { StaffPage } from "~/components/admin/staff/StaffPage";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/staff";

export const loader = pageLoader({ staff: "staff", adminWords: ["staff"] }, async ({ context }: Route.LoaderArgs, { staff }) => {
  return { list: await listStaff(context.db), myId: staff.id };
});

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.staff"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StaffPage list={loaderData.list} myId={loaderData.myId} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
