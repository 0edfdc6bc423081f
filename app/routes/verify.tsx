import type { WebApplication, WithContext } from "schema-dts";
import { FileCheck } from "~/components/verify/FileCheck";
import { SignedReleases } from "~/components/verify/SignedReleases";
import { VerifyPage } from "~/components/verify/VerifyPage";
import { absoluteUrl, message, rootData, sectionMeta } from "~/lib/meta/meta";
import { SITE_NAME } from "~/lib/site";
import { loadVerifyPage } from "../../server/pages/verify-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/verify";

export const loader = pageLoader(
  { messages: ["common.pages.verify", "common.pages.links", "verify.address", "verify.file", "verify.signed", "product.systems"] },
  (args: Route.LoaderArgs, { lang }) => loadVerifyPage(args.context, args.request, lang),
);

/** A checked address is one visitor's: its answer is neither stored nor indexed (the loader says so). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const out: Record<string, string> = {};
  for (const name of ["Cache-Control", "Referrer-Policy", "X-Robots-Tag"]) {
    const value = loaderHeaders.get(name);
    if (value) out[name] = value;
  }
  return out;
};

/** The page as a free security tool in the browser, published by the site's organisation. */
export const meta: Route.MetaFunction = (args) => {
  const root = rootData(args.matches);
  const lang = args.data?.lang ?? "en";
  const official = args.data?.official.groups.flatMap((g) => g.items) ?? [];
  const tool: WithContext<WebApplication>[] = root
    ? [
        {
          "@context": "https://schema.org",
          "@type": "WebApplication",
          name: message(root, "pages.verify.title") ?? SITE_NAME,
          url: absoluteUrl(root.hostPlan, lang, "/verify"),
          applicationCategory: "SecurityApplication",
          operatingSystem: "Any",
          isAccessibleForFree: true,
          offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
          publisher: {
            "@type": "Organization",
            name: SITE_NAME,
            url: absoluteUrl(root.hostPlan, lang, "/"),
            sameAs: official.filter((c) => c.kind === "social").map((c) => c.url),
          },
        },
      ]
    : [];
  return sectionMeta(args, "pages.verify.title", "pages.verify.intro", { jsonLd: tool, noindex: Boolean(args.data?.address) });
};

export default function VerifyRoute({ loaderData }: Route.ComponentProps) {
  const { releases, signingKey, origin } = loaderData;
  return (
    <VerifyPage
      official={loaderData.official}
      address={loaderData.address}
      fileCheck={
        <>
          <FileCheck releases={releases} signingKey={signingKey} />
          <SignedReleases releases={releases} signingKey={signingKey} origin={origin} />
        </>
      }
    />
  );
}
