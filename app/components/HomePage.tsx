import { useTranslation } from "~/i18n/use-translation";
import type { Offer, Organization, SoftwareApplication, WithContext } from "schema-dts";
import { message, productImages, rootData, type MetaArgs } from "~/lib/meta/meta";
import { SITE_NAME } from "~/lib/site";
import { useLang } from "~/i18n/use-lang";
import { langAttribute } from "~/i18n/fallback";
import { isLangKey, type LangKey } from "~/i18n/languages";
import type { ArticleSummary } from "@contracts/article-types";
import { formatDate } from "~/lib/format/format-date";
import { LocalizedLink } from "./LocalizedLink";
import { formatPrice } from "~/lib/format/format-number";
import { PageHtml } from "~/lib/page-html";
import { Drawing } from "./drawings/Drawing";

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

export interface HomeData {
  fromPrice: number | null;
  blog: ArticleSummary[];
  news: ArticleSummary[];
  faq: { id: number; slug: string; lang: LangKey; question: string; answer: string }[];
}

export function HomePage({ data }: { data: HomeData }) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation("product");
  const { t: tg } = useTranslation("growth");
  const lang = useLang();
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-8 text-center sm:py-24">
          {/* On a phone the call to action comes right after the headline, so it is in the first screen
              and above the cookie banner in every language (docs/decisions/0032); the text follows it. */}
          <div className="flex flex-col items-center">
            <p className="text-xs font-semibold uppercase tracking-wide text-indigo-700 sm:text-sm">{t("tagline")}</p>
            <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight sm:mt-4 sm:text-5xl">{t("home.heroTitle")}</h1>
            <p className="order-last mt-6 max-w-2xl text-base text-slate-600 sm:order-none sm:text-lg">{t("home.heroText")}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3 sm:mt-10 sm:gap-4">
              <LocalizedLink
                to="/download"
                data-track="home-download"
                data-main-cta
                className="rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700"
              >
                {t("home.ctaDownload")}
              </LocalizedLink>
              <LocalizedLink
                to="/Pricing"
                data-track="home-pricing"
                className="rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-800 hover:border-indigo-400"
              >
                {t("home.ctaPricing")}
              </LocalizedLink>
            </div>
          </div>
          {/* The product, drawn in the page's language: HTML text that paints with the page (docs/decisions/0031). */}
          <Drawing name="profiles" className="mx-auto mt-12 w-full max-w-4xl" />
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
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {/* Always visible: no scroll animation hides a section until it is scrolled to. */}
          {FEATURES.map((f) => (
            <li key={f} className="rounded-xl border border-slate-200 p-6">
              <h3 className="text-lg font-semibold">{t(`home.features.${f}.title`)}</h3>
              <p className="mt-2 text-slate-600">{t(`home.features.${f}.text`)}</p>
            </li>
          ))}
          <li className="rounded-xl border border-slate-200 p-6">
            <h3 className="text-lg font-semibold">{tp("home.capabilities.isolation.title")}</h3>
            <p className="mt-2 text-slate-600">{tp("home.capabilities.isolation.text")}</p>
          </li>
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
        <p className="mx-auto mt-6 max-w-2xl text-center text-slate-600">{tp("home.useCasesIntro")}</p>
        <p className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-semibold">
          <LocalizedLink to="/scenarios" className="text-indigo-700 hover:underline">
            {tg("useCases.allCases")} →
          </LocalizedLink>
          <LocalizedLink to="/solutions/chat-apps" className="text-indigo-700 hover:underline">
            {tg("useCases.chatAppsLink")} →
          </LocalizedLink>
        </p>
      </section>

      <section className="bg-indigo-600 text-white" aria-labelledby="plans-title">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="plans-title" className="text-3xl font-bold tracking-tight">
              {tp("home.plansTitle")}
            </h2>
            {data.fromPrice !== null ? <p className="mt-2 text-indigo-100">{tp("home.plansText", { price: formatPrice(data.fromPrice, lang) })}</p> : null}
          </div>
          <LocalizedLink to="/Pricing" className="rounded-lg bg-white px-6 py-3 font-semibold text-indigo-700 hover:bg-indigo-50">
            {tp("home.plansCta")}
          </LocalizedLink>
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-2" aria-label={`${tp("home.latestBlog")} / ${tp("home.latestNews")}`}>
        {(["blog", "news"] as const).map((type) => (
          <div key={type}>
            <h2 className="text-2xl font-bold">{tp(type === "blog" ? "home.latestBlog" : "home.latestNews")}</h2>
            <ul className="mt-4 space-y-4" data-testid={`home-${type}`}>
              {data[type].map((a) => (
                <li key={a.id} className="rounded-xl border border-slate-200 p-4">
                  <LocalizedLink to={`/${type}/${a.id}`} className="font-semibold hover:text-indigo-700">
                    {a.title}
                  </LocalizedLink>
                  <p className="mt-1 line-clamp-2 text-sm text-slate-600">{a.summary}</p>
                  <time dateTime={a.published_at} className="mt-1 block text-xs text-slate-500">
                    {formatDate(a.published_at, lang)}
                  </time>
                </li>
              ))}
            </ul>
            <LocalizedLink to={`/${type}`} className="mt-3 inline-block text-sm font-semibold text-indigo-700 hover:underline">
              {tp("home.readMore")}
              {/* "Read more" alone does not say where the link goes (WCAG 2.4.4; Lighthouse's link-text). */}
              <span className="sr-only">: {tp(type === "blog" ? "home.latestBlog" : "home.latestNews")}</span>
            </LocalizedLink>
          </div>
        ))}
      </section>

      {data.faq.length ? (
        <section className="mx-auto max-w-3xl px-4 pb-16" aria-labelledby="home-faq">
          <h2 id="home-faq" className="text-center text-3xl font-bold tracking-tight">
            {tp("home.faqTitle")}
          </h2>
          <div className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {data.faq.map((q) => (
              <details key={q.id} className="group">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-5 py-4 font-semibold [&::-webkit-details-marker]:hidden">
                  <span lang={langAttribute(q.lang, lang)}>{q.question}</span>
                  <span aria-hidden="true" className="text-indigo-600 transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <PageHtml className="article-body px-5 pb-5 text-base" html={q.answer} lang={langAttribute(q.lang, lang)} />
              </details>
            ))}
          </div>
          <p className="mt-6 text-center">
            <LocalizedLink to="/faq" className="font-semibold text-indigo-700 hover:underline">
              {tp("home.allFaq")}
            </LocalizedLink>
          </p>
        </section>
      ) : null}
    </>
  );
}

/**
 * Structured data for the home page: the product as a SoftwareApplication (security category,
 * the systems it runs on, offers from the price catalogue) and the company as an Organization.
 */
export function homeJsonLd(args: MetaArgs, fromPrice: number | null | undefined): [WithContext<SoftwareApplication>, WithContext<Organization>] {
  const root = rootData(args.matches);
  const origin = root?.hostPlan.en ?? "";
  const offers: Offer[] = [{ "@type": "Offer", name: "Free", price: "0", priceCurrency: "USD" }];
  if (fromPrice) {
    const price = fromPrice.toFixed(2);
    offers.push({
      "@type": "Offer",
      name: "Base",
      price,
      priceCurrency: "USD",
      priceSpecification: { "@type": "UnitPriceSpecification", price, priceCurrency: "USD", unitText: "MONTH" },
    });
  }
  return [
    {
      "@context": "https://schema.org",
      "@type": "SoftwareApplication",
      name: SITE_NAME,
      applicationCategory: "SecurityApplication",
      operatingSystem: "Windows, macOS, Linux",
      description: message(root, "home.heroText") ?? root?.baseInfo?.description,
      url: origin,
      offers,
      ...(root && isLangKey(root.lang) ? productImages(root.hostPlan, root.lang, "home") : {}),
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
