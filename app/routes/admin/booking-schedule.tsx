import { adminWordsFor } from "../../../server/i18n/admin-words.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { SchedulePage } from "~/components/admin/bookings/SchedulePage";
import { staffMetaIn } from "~/components/admin/meta";
import { requireStaffPage } from "../../../server/http/staff-session.server";
import { loadStaffSchedule } from "../../../server/pages/booking-pages.server";
import type { Route } from "./+types/booking-schedule";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPage(context, request, "bookings");
  return { ...(await loadStaffSchedule(context)), adminWords: adminWordsFor(request, ["bookings"]) };
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("titles.schedule"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SchedulePage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
