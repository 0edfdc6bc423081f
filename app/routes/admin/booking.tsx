import { adminWordsFor } from "../../../server/i18n/admin-words.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { BookingDetailPage } from "~/components/admin/bookings/BookingDetailPage";
import { staffMetaIn } from "~/components/admin/meta";
import { requireStaffPage } from "../../../server/http/staff-session.server";
import { loadStaffBooking } from "../../../server/pages/booking-pages.server";
import type { Route } from "./+types/booking";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaffPage(context, request, "bookings");
  return { ...(await loadStaffBooking(context, params.id)), adminWords: adminWordsFor(request, ["bookings"]) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => staffMetaIn(matches, (t) => (data ? t("titles.booking", { reference: data.booking.reference }) : t("titles.bookingUnknown")));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BookingDetailPage booking={loaderData.booking} timeZone={loaderData.timeZone} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
