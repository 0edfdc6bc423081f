import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { BookingDetailPage } from "~/components/admin/bookings/BookingDetailPage";
import { staffMeta } from "~/components/admin/meta";
import { requireStaffPage } from "../../../server/http/staff-session.server";
import { loadStaffBooking } from "../../../server/services/booking-pages.server";
import type { Route } from "./+types/booking";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaffPage(context, request, "bookings");
  return loadStaffBooking(context, params.id);
}

export const meta: Route.MetaFunction = ({ data }) => staffMeta(data ? `Booking ${data.booking.reference}` : "Booking");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BookingDetailPage booking={loaderData.booking} timeZone={loaderData.timeZone} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
