import { DownloadPage } from "~/components/product/DownloadPage";
import { feedLinks, sectionMeta } from "~/lib/meta";
import { pageLang } from "~/lib/route-checks";
import { loadDownload } from "../../server/services/product-pages.server";
import type { Route } from "./+types/download";

export function loader(args: Route.LoaderArgs) {
  return loadDownload(args.context, pageLang(args));
}

export const meta: Route.MetaFunction = (args) => [...sectionMeta(args, "pages.download.title", "pages.download.intro"), ...feedLinks(args, "release")];

export default function DownloadRoute({ loaderData }: Route.ComponentProps) {
  return <DownloadPage latest={loaderData.latest} previous={loaderData.previous} />;
}
