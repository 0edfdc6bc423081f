/** What the use-case, solution, partner and referral pages load, in one place for the route modules. */
import { data, type AppLoadContext } from "react-router";
import type { LangKey } from "~/i18n/languages";
import { pageText } from "../services/page-texts.server";
import { filterExists, getPartner, listPartners, partnerFacets, partnersOfType } from "../services/partners.server";
import { quotePrice, sharedCatalogue, type PriceQuote } from "../services/pricing.server";
import { referralConfig } from "../services/referral.server";
import { getUseCase, listUseCases } from "../services/use-cases.server";
import { writtenNumbers } from "~/lib/format/format-number";
import { idFromPath, pageFromQuery } from "@contracts/address-numbers";
import { writtenDates } from "~/lib/format/format-date";
import { contentForPage } from "../content/site-links.server";

const notFound = () => data(null, { status: 404 });
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function loadUseCaseIndex(context: AppLoadContext, lang: LangKey) {
  const [scenarios, solutions] = await Promise.all([listUseCases(context.db, lang, "scenario"), listUseCases(context.db, lang, "solution")]);
  return { lang, scenarios, solutions };
}

export async function loadUseCase(context: AppLoadContext, lang: LangKey, slug: string | undefined, kind: "scenario" | "solution") {
  if (!slug || !SLUG.test(slug)) throw notFound();
  const [page, catalogue] = await Promise.all([getUseCase(context.db, lang, slug, kind), kind === "solution" ? sharedCatalogue(context) : null]);
  if (!page) throw notFound();
  const paid = catalogue?.plans.flatMap((p) => p.tiers.map((t) => t.monthly)).filter((m) => m > 0) ?? [];
  const fromPrice = paid.length ? Math.min(...paid) : null;
  const sections = page.sections.map((s) => ({ ...s, html: contentForPage(context, lang, s.html) }));
  return {
    lang,
    page: { ...page, sections },
    fromPrice,
    writtenNumbers: writtenNumbers(lang, { prices: fromPrice === null ? [] : [fromPrice] }),
    writtenDates: writtenDates(
      lang,
      page.related_articles.map((a) => a.published_at),
    ),
  };
}

export const PARTNERS_PAGE_SIZE = 12;

/**
 * /partner?type=proxy&region=europe&page=2: the filters live in the URL (crawlable links); an
 * unknown type or region, or a page past the end, is a 404 rather than an empty copy.
 */
export async function loadPartners(context: AppLoadContext, request: Request, lang: LangKey) {
  const url = new URL(request.url);
  const type = url.searchParams.get("type") || undefined;
  const region = url.searchParams.get("region") || undefined;
  const rawPage = url.searchParams.get("page");
  const page = pageFromQuery(rawPage);
  if (page === null) throw notFound();
  if ((type && !SLUG.test(type)) || (region && !SLUG.test(region))) throw notFound();
  const exists = await filterExists(context.db, { type, region });
  if (!exists.type || !exists.region) throw notFound();
  const [facets, result] = await Promise.all([
    partnerFacets(context.db, lang, { type, region }),
    listPartners(context.db, { lang, type, region, page, pageSize: PARTNERS_PAGE_SIZE }),
  ]);
  if (page > 1 && result.list.length === 0) throw notFound();
  return { lang, filter: { type: type ?? null, region: region ?? null }, facets, result, pages: Math.max(1, Math.ceil(result.total / PARTNERS_PAGE_SIZE)) };
}

export async function loadPartner(context: AppLoadContext, lang: LangKey, id: string | undefined) {
  const partnerId = idFromPath(id);
  if (partnerId === null) throw notFound();
  const partner = await getPartner(context.db, lang, partnerId);
  if (!partner) throw notFound();
  const others = await partnersOfType(context.db, lang, partner.type.slug, partner.id);
  return { lang, partner: { ...partner, description: contentForPage(context, lang, partner.description) }, others };
}

export interface PartnerPlanTexts {
  intro: string;
  benefits: { title: string; text: string }[];
  audiences: { title: string; text: string }[];
  steps: { title: string; text: string }[];
  faq: { question: string; answer: string }[];
}

export async function loadPartnerPlan(context: AppLoadContext, lang: LangKey) {
  const [texts, facets] = await Promise.all([pageText<PartnerPlanTexts>(context.db, "partner-plan", lang), partnerFacets(context.db, lang)]);
  if (!texts) throw notFound();
  return {
    lang,
    texts,
    types: facets.types.map(({ slug, name }) => ({ slug, name })),
    regions: facets.regions.map(({ slug, name }) => ({ slug, name })),
  };
}

/**
 * The referral page: the programme's figures and words, the plans and profile counts the
 * calculator offers (those of the examples), and the examples' prices from the catalogue, so the
 * first render already shows a figure; other choices are priced by the price endpoint.
 */
export async function loadReferral(context: AppLoadContext, lang: LangKey) {
  const [found, catalogue] = await Promise.all([referralConfig(context.db, lang), sharedCatalogue(context)]);
  if (!found?.texts) throw notFound();
  const quotes: Record<string, PriceQuote> = {};
  for (const e of found.config.examples) {
    const quote = await quotePrice(context.db, { ...e, members: 0 }, catalogue);
    if (quote.ok) quotes[`${e.plan}-${e.profiles}-${e.billing}`] = quote.quote;
  }
  const choices: Partial<Record<"base" | "pro", number[]>> = {};
  for (const e of found.config.examples) {
    if (e.plan !== "base" && e.plan !== "pro") continue;
    choices[e.plan] = [...new Set([...(choices[e.plan] ?? []), e.profiles])].sort((a, b) => a - b);
  }
  return { lang, config: found.config, texts: found.texts, quotes, choices, discountPercent: catalogue.yearly_discount_percent };
}
