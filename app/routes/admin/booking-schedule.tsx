import { pageLoader } from "../../../server/http/page-loader.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { SCHEDULE_FORMS, SchedulePage } from "~/components/admin/bookings/SchedulePage";
import { adminBookingScheduleSave, adminClosedDateAdd, adminClosedDateRemove } from "../../../server/api/endpoints/admin-bookings.server";
import { jsonField, staffForm, staffFormsAction } from "../../../server/http/staff-form-actions.server";
import { staffMetaIn } from "~/components/admin/meta";
import { loadStaffSchedule } from "../../../server/pages/booking-pages.server";
import type { Route } from "./+types/booking-schedule";

export const loader = pageLoader({ staff: "bookings", adminWords: ["bookings"] }, async ({ context }: Route.LoaderArgs) => {
  return { ...(await loadStaffSchedule(context)) };
});

/** The weekly hours (their periods as one JSON field) and the closed dates (SchedulePage): the /api/admin/bookings endpoints' declarations. */
export function action(args: Route.ActionArgs) {
  return staffFormsAction(args, {
    [SCHEDULE_FORMS.save]: staffForm(adminBookingScheduleSave, (form) => ({ periods: jsonField(form, "periods") })),
    [SCHEDULE_FORMS.closeDay]: staffForm(adminClosedDateAdd),
    [SCHEDULE_FORMS.reopenDay]: staffForm(adminClosedDateRemove),
  });
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("titles.schedule"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SchedulePage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
