import { ManageBookingPage } from "~/components/booking/ManageBookingPage";
import { pageMeta } from "~/lib/meta";
import { message, rootData } from "~/lib/meta";
import { loadBooking } from "../../server/services/booking-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/pre-sales-booking";

export const loader = pageLoader({ messages: ["help.booking", "help.manage"] }, (args: Route.LoaderArgs, { lang }) => loadBooking(args.context, args.request, { lang: lang, id: args.params.id }));

/** A private page (its token is in the address): never cached, never indexed, never sent on as a referrer. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: message(rootData(args.matches), "manage.title", "help"), noindex: true });

export default function ManageBookingRoute({ loaderData }: Route.ComponentProps) {
  return <ManageBookingPage booking={loaderData.booking} token={loaderData.token} />;
}
