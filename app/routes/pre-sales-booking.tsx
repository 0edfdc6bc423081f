import { ManageBookingPage } from "~/components/booking/ManageBookingPage";
import { pageMeta } from "~/lib/meta/meta";
import { message, rootData } from "~/lib/meta/meta";
import { pageLang } from "~/lib/route-checks";
import { loadBooking } from "../../server/pages/booking-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/pre-sales-booking";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["help.booking", "help.manage"], () => loadBooking(args.context, args.request, { lang: pageLang(args), id: args.params.id }));
}

/** A private page (its token is in the address): never cached, never indexed, never sent on as a referrer. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: message(rootData(args.matches), "manage.title", "help"), noindex: true });

export default function ManageBookingRoute({ loaderData }: Route.ComponentProps) {
  return <ManageBookingPage booking={loaderData.booking} token={loaderData.token} />;
}
