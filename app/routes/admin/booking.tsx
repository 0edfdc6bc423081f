import { pageLoader } from "../../../server/http/page-loader.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { BOOKING_FORMS, BookingDetailPage } from "~/components/admin/bookings/BookingDetailPage";
import { data } from "react-router";
import { adminBookingCancel, adminBookingStatus } from "../../../server/api/endpoints/admin-bookings.server";
import { endpointAction } from "../../../server/http/form-actions.server";
import { postedForm, staffFormLang } from "../../../server/http/staff-form-actions.server";
import { staffMetaIn } from "~/components/admin/meta";
import { loadStaffBooking } from "../../../server/pages/booking-pages.server";
import type { Route } from "./+types/booking";

export const loader = pageLoader({ staff: "bookings", adminWords: ["bookings"] }, async ({ context, params }: Route.LoaderArgs) => {
  return { ...(await loadStaffBooking(context, params.id)) };
});

/** Mark solved or unsolved, and cancel (BookingDetailPage), for the booking in the address. */
export async function action(args: Route.ActionArgs) {
  const lang = staffFormLang(args.request);
  const posted = await postedForm(args.request, lang);
  if ("refused" in posted) return posted.refused;
  const options = { lang, form: posted.form, fields: { id: args.params.id } };
  if (posted.intent === BOOKING_FORMS.status) return endpointAction(adminBookingStatus, args, options);
  if (posted.intent === BOOKING_FORMS.cancel) return endpointAction(adminBookingCancel, args, options);
  throw data(null, { status: 400 });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  staffMetaIn(matches, (t) => (data ? t("titles.booking", { reference: data.booking.reference }) : t("titles.bookingUnknown")));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BookingDetailPage booking={loaderData.booking} timeZone={loaderData.timeZone} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
