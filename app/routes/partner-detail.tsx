import { PartnerDetailPage } from "~/components/partners/PartnerDetailPage";
import { partnerMeta } from "~/lib/meta/growth-meta";
import { loadPartner } from "../../server/pages/growth-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/partner-detail";

export const loader = pageLoader({ messages: ["common.pages.partner", "growth.partners"] }, (args: Route.LoaderArgs, { lang }) =>
  loadPartner(args.context, lang, args.params.id),
);

export const meta: Route.MetaFunction = (args) => partnerMeta(args, args.data);

export default function PartnerDetailRoute({ loaderData }: Route.ComponentProps) {
  return <PartnerDetailPage key={loaderData.partner.id} partner={loaderData.partner} others={loaderData.others} />;
}
