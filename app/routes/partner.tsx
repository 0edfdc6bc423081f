import { PartnerDirectoryPage } from "~/components/partners/PartnerDirectoryPage";
import { partnerListMeta } from "~/lib/meta/growth-meta";
import { pageLang } from "~/lib/route-checks";
import { loadPartners } from "../../server/pages/growth-pages.server";
import { withMessages } from "../../server/i18n/messages.server";
import type { Route } from "./+types/partner";

export function loader(args: Route.LoaderArgs) {
  return withMessages(args, ["blog.pagination", "common.pages.partner", "growth.partners"], () => loadPartners(args.context, args.request, pageLang(args)));
}

export const meta: Route.MetaFunction = (args) => partnerListMeta(args, args.data);

export default function PartnerRoute({ loaderData }: Route.ComponentProps) {
  return <PartnerDirectoryPage data={loaderData} />;
}
