import { PartnerDetailPage } from "~/components/partners/PartnerDetailPage";
import { partnerMeta } from "~/lib/meta/growth-meta";
import { pageLang } from "~/lib/route-checks";
import { loadPartner } from "../../server/pages/growth-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/partner-detail";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["common.pages.partner", "growth.partners"], () => loadPartner(args.context, pageLang(args), args.params.id));
}

export const meta: Route.MetaFunction = (args) => partnerMeta(args, args.data);

export default function PartnerDetailRoute({ loaderData }: Route.ComponentProps) {
  return <PartnerDetailPage key={loaderData.partner.id} partner={loaderData.partner} others={loaderData.others} />;
}
