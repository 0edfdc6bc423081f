import { pageLoader } from "../../../server/http/page-loader.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { BookingsPage } from "~/components/admin/bookings/BookingsPage";
import { staffMetaIn } from "~/components/admin/meta";
import { loadStaffBookings } from "../../../server/pages/booking-pages.server";
import type { Route } from "./+types/bookings";
import "react-day-picker/style.css";

export const loader = pageLoader({ staff: "bookings", adminWords: ["bookings"] }, async ({ request, context }: Route.LoaderArgs) => {
  return { ...(await loadStaffBookings(context, request)) };
});

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.bookings"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BookingsPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
