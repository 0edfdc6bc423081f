import { pageLoader } from "../../../server/http/page-loader.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { BookingDetailPage } from "~/components/admin/bookings/BookingDetailPage";
import { staffMetaIn } from "~/components/admin/meta";
import { loadStaffBooking } from "../../../server/pages/booking-pages.server";
import type { Route } from "./+types/booking";

export const loader = pageLoader({ staff: "bookings", adminWords: ["bookings"] }, async ({ context, params }: Route.LoaderArgs) => {
  return { ...(await loadStaffBooking(context, params.id)) };
});

export const meta: Route.MetaFunction = ({ data, matches }) => staffMetaIn(matches, (t) => (data ? t("titles.booking", { reference: data.booking.reference }) : t("titles.bookingUnknown")));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BookingDetailPage booking={loaderData.booking} timeZone={loaderData.timeZone} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
