import { useTranslation } from "react-i18next";
import { message, rootData, type MetaArgs } from "~/lib/meta";
import { SITE_NAME } from "~/lib/site";
import { LocalizedLink } from "./LocalizedLink";
import { SiteImage } from "./SiteImage";

export const USE_CASE_SLUGS = [
  "traffic",
  "ad-placement",
  "e-commerce",
  "affiliate-market",
  "media-market",
  "data-collection",
  "betting",
  "crypto",
  "agencies",
  "price-comparison",
  "ticketing",
  "self-examination",
  "web-scraping",
] as const;
export type UseCaseSlug = (typeof USE_CASE_SLUGS)[number];

const FEATURES = ["fingerprint", "proxies", "team", "automation"] as const;

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">{t("tagline")}</p>
          <h1 className="mx-auto mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{t("home.heroTitle")}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{t("home.heroText")}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            <LocalizedLink to="/download" className="rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700">
              {t("home.ctaDownload")}
            </LocalizedLink>
            <LocalizedLink
              to="/Pricing"
              className="rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-800 hover:border-indigo-400"
            >
              {t("home.ctaPricing")}
            </LocalizedLink>
          </div>
          <SiteImage
            src="/images/product-overview.png"
            alt={t("home.heroTitle")}
            width={1200}
            height={630}
            sizes="(min-width: 1024px) 960px, 100vw"
            className="mx-auto mt-12 w-full max-w-4xl rounded-2xl border border-slate-200 shadow-xl"
          />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="facts-title">
        <h2 id="facts-title" className="sr-only">
          {t("home.factsTitle")}
        </h2>
        <ul className="grid gap-4 text-center sm:grid-cols-3">
          {(["users", "founded", "location"] as const).map((fact) => (
            <li key={fact} className="rounded-xl border border-slate-200 p-6 text-lg font-semibold">
              {t(`footer.facts.${fact}`)}
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="features-title">
        <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
          {t("home.featuresTitle")}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f} data-animate className="rounded-xl border border-slate-200 p-6">
              <h3 className="text-lg font-semibold">{t(`home.features.${f}.title`)}</h3>
              <p className="mt-2 text-slate-600">{t(`home.features.${f}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="use-cases-title">
        <h2 id="use-cases-title" className="text-center text-3xl font-bold tracking-tight">
          {t("home.useCasesTitle")}
        </h2>
        <ul className="mt-10 flex flex-wrap justify-center gap-3">
          {USE_CASE_SLUGS.map((slug) => (
            <li key={slug}>
              <LocalizedLink
                to={`/scenarios/${slug}`}
                className="inline-block rounded-full border border-slate-300 px-4 py-2 text-sm hover:border-indigo-400 hover:text-indigo-700"
              >
                {t(`useCases.${slug}`)}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * Structured data for the home page: the product as a SoftwareApplication (security category,
 * macOS and Windows, offers from the plans) and the company as an Organization.
 */
export function homeJsonLd(args: MetaArgs): Record<string, unknown>[] {
  const root = rootData(args.matches);
  const origin = root?.hostPlan.en ?? "";
  return [
    {
      "@context": "https://schema.org",
      "@type": "SoftwareApplication",
      name: SITE_NAME,
      applicationCategory: "SecurityApplication",
      operatingSystem: "macOS, Windows",
      description: message(root, "home.heroText") ?? root?.baseInfo?.description,
      url: origin,
      offers: [
        { "@type": "Offer", name: "Free", price: "0", priceCurrency: "USD" },
        {
          "@type": "Offer",
          name: "Base",
          price: "9",
          priceCurrency: "USD",
          priceSpecification: { "@type": "UnitPriceSpecification", price: "9", priceCurrency: "USD", unitText: "MONTH" },
        },
      ],
    },
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: SITE_NAME,
      url: origin,
      logo: `${origin}/favicon-192.png`,
      foundingDate: "2019",
      foundingLocation: { "@type": "Place", name: "Hong Kong", address: { "@type": "PostalAddress", addressRegion: "Hong Kong", addressCountry: "HK" } },
    },
  ];
}
