import { pageLang } from "~/lib/route-checks";
import { bookingCalendar } from "../../server/pages/booking-pages.server";
import type { Route } from "./+types/pre-sales-calendar";

/** The booking as an iCalendar file (a resource route: no page). */
export function loader(args: Route.LoaderArgs) {
  return bookingCalendar(args.context, args.request, { lang: pageLang(args), id: args.params.id });
}
