import { ManageBookingPage } from "~/components/booking/ManageBookingPage";
import { pageMeta, message, rootData } from "~/lib/meta/meta";
import { pageLanguage } from "~/lib/route-checks";
import { loadBooking } from "../../server/pages/booking-pages.server";
import { endpointAction } from "../../server/http/form-actions.server";
import { subscribeCancel } from "../../server/api/endpoints/bookings.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/pre-sales-booking";

export const loader = pageLoader({ messages: ["help.booking", "help.manage"] }, (args: Route.LoaderArgs, { lang }) =>
  loadBooking(args.context, args.request, { lang: lang, id: args.params.id }),
);

/** Cancelling the booking (ManageBookingPage), with or without scripts: the booking and its token are the address's. */
export function action(args: Route.ActionArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  return endpointAction(subscribeCancel, args, { lang: pageLanguage(args), fields: { id: args.params.id, token } });
}

/**
 * A private page (its token is in the address): never cached, never indexed, never sent on as a
 * referrer to another site. Same-origin, not no-referrer: under no-referrer the browser sends its
 * own cancel form with `Origin: null`, which the cross-site checks rightly refuse.
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: message(rootData(args.matches), "manage.title", "help"), noindex: true });

export default function ManageBookingRoute({ loaderData }: Route.ComponentProps) {
  return <ManageBookingPage booking={loaderData.booking} token={loaderData.token} />;
}
