import { useTranslation } from "~/i18n/use-translation";
import { BookingPage } from "~/components/booking/BookingPage";
import { SectionPage } from "~/components/SectionPage";
import { sectionMeta } from "~/lib/meta/meta";
import { pageLanguage, checks } from "~/lib/route-checks";
import { loadPreSales } from "../../server/pages/booking-pages.server";
import { endpointAction } from "../../server/http/form-actions.server";
import { formIdempotencyKey } from "../../server/http/form-idempotency.server";
import { subscribeAdd } from "../../server/api/endpoints/bookings.server";
import { INTENT_FIELD } from "~/lib/form-outcome";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/pre-sales";
import dayPickerStylesheet from "react-day-picker/style.css?url";

export const loader = pageLoader({ messages: ["common.pages.preSales", "help.booking"], checks: [checks.preSalesDate] }, (args: Route.LoaderArgs, { lang }) =>
  loadPreSales(args.context, lang),
);

/**
 * The booking form (BookingPage), with or without scripts. Its idempotency key is the page's nonce
 * bound to what was sent: a second press or a reload that posts again gets the first booking back.
 */
export function action(args: Route.ActionArgs) {
  const fields = (form: FormData) => ({ idempotency_key: formIdempotencyKey(form, [INTENT_FIELD]) });
  return endpointAction(subscribeAdd, args, { lang: pageLanguage(args, [checks.preSalesDate]), fields, echo: ["phone", "contact_from", "contact_to"] });
}

/** Remaining places change by the minute: never from a cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.preSales.title", "pages.preSales.intro");

export default function PreSalesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage title={t("pages.preSales.title")} intro={t("pages.preSales.intro")}>
      {/* Hoisted by React to the top of <head> with the site's stylesheet, ahead of the module
          preloads; a plain route stylesheet would be requested after all of them (issue 14). */}
      <link rel="stylesheet" href={dayPickerStylesheet} precedence="default" />
      <BookingPage
        initial={loaderData.slots}
        from={loaderData.from}
        to={loaderData.to}
        lastDay={loaderData.lastDay}
        calendarWords={loaderData.calendarWords}
        monthCaptions={loaderData.monthCaptions}
        formNonce={loaderData.formNonce}
      />
    </SectionPage>
  );
}
