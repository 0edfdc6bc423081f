import { adminWordsFor } from "../../../server/i18n/admin-words.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { BookingsPage } from "~/components/admin/bookings/BookingsPage";
import { staffMetaIn } from "~/components/admin/meta";
import { requireStaffPage } from "../../../server/http/staff-session.server";
import { loadStaffBookings } from "../../../server/pages/booking-pages.server";
import type { Route } from "./+types/bookings";
import "react-day-picker/style.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPage(context, request, "bookings");
  return { ...(await loadStaffBookings(context, request)), adminWords: adminWordsFor(request, ["bookings"]) };
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.bookings"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BookingsPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
