import type { Offer } from "schema-dts";
import { PricingPage } from "~/components/product/PricingPage";
import { absoluteUrl, rootData, sectionMeta, shareImageUrl } from "~/lib/meta/meta";
import { SITE_NAME } from "~/lib/site";
import { loadPricing } from "../../server/pages/product-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/pricing";

export const loader = pageLoader({ messages: ["common.pages.pricing", "product.pricing"] }, (args: Route.LoaderArgs, { lang }) =>
  loadPricing(args.context, args.request, lang),
);

/** The chosen plan lives in the URL; the canonical page is the plain one. */
export const meta: Route.MetaFunction = (args) => {
  const root = rootData(args.matches);
  const url = root ? absoluteUrl(root.hostPlan, args.data?.lang ?? "en", "/Pricing") : "/Pricing";
  const offers: Offer[] = (args.data?.catalogue.plans ?? [])
    .filter((p) => !p.custom)
    .flatMap((p) =>
      p.tiers.map((tier): Offer => ({
        "@type": "Offer",
        name: `${SITE_NAME} ${p.key} ${tier.profiles}`,
        price: tier.monthly.toFixed(2),
        priceCurrency: "USD",
        url,
        priceSpecification: { "@type": "UnitPriceSpecification", price: tier.monthly.toFixed(2), priceCurrency: "USD", unitText: "MONTH" },
      })),
    );
  // The product drawn, with this page's title, in its language (docs/decisions/0031).
  const image = root ? shareImageUrl(root.hostPlan, args.data?.lang ?? "en", "pricing") : undefined;
  return sectionMeta(args, "pages.pricing.title", "pages.pricing.intro", {
    image,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: SITE_NAME,
        brand: { "@type": "Brand", name: SITE_NAME },
        ...(image ? { image } : {}),
        offers,
      },
    ],
  });
};

export default function PricingRoute({ loaderData }: Route.ComponentProps) {
  return <PricingPage data={loaderData} />;
}
