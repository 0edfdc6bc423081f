import { PartnerDirectoryPage } from "~/components/partners/PartnerDirectoryPage";
import { partnerListMeta } from "~/lib/meta/growth-meta";
import { loadPartners } from "../../server/pages/growth-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/partner";

export const loader = pageLoader({ messages: ["blog.pagination", "common.pages.partner", "growth.partners"] }, (args: Route.LoaderArgs, { lang }) =>
  loadPartners(args.context, args.request, lang),
);

export const meta: Route.MetaFunction = (args) => partnerListMeta(args, args.data);

export default function PartnerRoute({ loaderData }: Route.ComponentProps) {
  return <PartnerDirectoryPage data={loaderData} />;
}
