import { bookingCalendar } from "../../server/pages/booking-pages.server";
import type { Route } from "./+types/pre-sales-calendar";
import { pageLoader } from "../../server/http/page-loader.server";

/** The booking as an iCalendar file (a resource route: no page). */
export const loader = pageLoader({}, (args: Route.LoaderArgs, { lang }) => bookingCalendar(args.context, args.request, { lang, id: args.params.id }));
