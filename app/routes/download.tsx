import type { SoftwareApplication, WithContext } from "schema-dts";
import { DownloadPage } from "~/components/product/DownloadPage";
import { absoluteUrl, feedLinks, productImages, rootData, sectionMeta, shareImageUrl } from "~/lib/meta/meta";
import { SITE_NAME } from "~/lib/site";
import { loadDownload } from "../../server/pages/product-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/download";

export const loader = pageLoader({ messages: ["common.pages", "product.download", "product.release", "product.systems"] }, (args: Route.LoaderArgs, { lang }) =>
  loadDownload(args.context, lang),
);

/** The latest client as a SoftwareApplication: version, systems, free download, release date. */
export const meta: Route.MetaFunction = (args) => {
  const root = rootData(args.matches);
  const latest = args.data?.latest;
  const app: WithContext<SoftwareApplication>[] =
    latest && root
      ? [
          {
            "@context": "https://schema.org",
            "@type": "SoftwareApplication",
            name: SITE_NAME,
            applicationCategory: "SecurityApplication",
            operatingSystem: "Windows, macOS, Linux",
            softwareVersion: latest.version,
            datePublished: latest.released_at,
            downloadUrl: absoluteUrl(root.hostPlan, args.data!.lang, "/download"),
            releaseNotes: absoluteUrl(root.hostPlan, args.data!.lang, `/release/${latest.id}`),
            offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
            ...productImages(root.hostPlan, args.data!.lang, "download"),
          },
        ]
      : [];
  const image = root ? shareImageUrl(root.hostPlan, args.data?.lang ?? "en", "download") : undefined;
  return [...sectionMeta(args, "pages.download.title", "pages.download.intro", { jsonLd: app, image }), ...feedLinks(args, "release")];
};

export default function DownloadRoute({ loaderData }: Route.ComponentProps) {
  return <DownloadPage latest={loaderData.latest} previous={loaderData.previous} />;
}
