import { useTranslation } from "react-i18next";
import { BookingPage } from "~/components/booking/BookingPage";
import { SectionPage } from "~/components/SectionPage";
import { sectionMeta } from "~/lib/meta";
import { pageLang } from "~/lib/route-checks";
import { loadPreSales } from "../../server/services/booking-pages.server";
import type { Route } from "./+types/pre-sales";
import "react-day-picker/style.css";

export function loader(args: Route.LoaderArgs) {
  return loadPreSales(args.context, pageLang(args, ["pre-sales"]));
}

/** Remaining places change by the minute: never from a cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.preSales.title", "pages.preSales.intro");

export default function PreSalesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage title={t("pages.preSales.title")} intro={t("pages.preSales.intro")}>
      <BookingPage initial={loaderData.slots} from={loaderData.from} to={loaderData.to} />
    </SectionPage>
  );
}
