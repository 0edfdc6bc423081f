import { pageLoader } from "../../../server/http/page-loader.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { BOOKING_FORMS, BookingDetailPage } from "~/components/admin/bookings/BookingDetailPage";
import { adminBookingCancel, adminBookingStatus } from "../../../server/api/endpoints/admin-bookings.server";
import { staffForm, staffFormsAction } from "../../../server/http/staff-form-actions.server";
import { staffMetaIn } from "~/components/admin/meta";
import { loadStaffBooking } from "../../../server/pages/booking-pages.server";
import type { Route } from "./+types/booking";

export const loader = pageLoader({ staff: "bookings", adminWords: ["bookings"] }, async ({ context, params }: Route.LoaderArgs) => {
  return { ...(await loadStaffBooking(context, params.id)) };
});

/** Mark solved or unsolved, and cancel (BookingDetailPage), for the booking in the address. */
export function action(args: Route.ActionArgs) {
  const fields = { id: args.params.id };
  return staffFormsAction(args, {
    [BOOKING_FORMS.status]: staffForm(adminBookingStatus, fields),
    [BOOKING_FORMS.cancel]: staffForm(adminBookingCancel, fields),
  });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  staffMetaIn(matches, (t) => (data ? t("titles.booking", { reference: data.booking.reference }) : t("titles.bookingUnknown")));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BookingDetailPage booking={loaderData.booking} timeZone={loaderData.timeZone} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
