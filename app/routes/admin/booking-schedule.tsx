import { pageLoader } from "../../../server/http/page-loader.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { SchedulePage } from "~/components/admin/bookings/SchedulePage";
import { staffMetaIn } from "~/components/admin/meta";
import { loadStaffSchedule } from "../../../server/pages/booking-pages.server";
import type { Route } from "./+types/booking-schedule";

export const loader = pageLoader({ staff: "bookings", adminWords: ["bookings"] }, async ({ context }: Route.LoaderArgs) => {
  return { ...(await loadStaffSchedule(context)) };
});

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("titles.schedule"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SchedulePage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
