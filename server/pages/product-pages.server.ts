/** What the product pages load, in one place for the route modules (which stay thin). */
import { data, type AppLoadContext } from "react-router";
import type { LangKey } from "~/i18n/languages";
import { about } from "../services/company.server";
import { officialChannels } from "../services/official-channels.server";
import { faqList } from "../services/faq.server";
import { latestArticles } from "../services/articles.server";
import { pageText } from "../services/page-texts.server";
import { powerList, quotePrice, sharedCatalogue, type PriceQuote } from "../services/pricing.server";
import { getRelease, listReleases } from "../services/releases.server";
import { shownMonthly, writtenNumbers } from "~/lib/format/format-number";
import { idFromPath, pageFromQuery, wholeNumberFromQuery } from "@contracts/address-numbers";
import { writtenDates } from "~/lib/format/format-date";
import { contentForPage } from "../content/site-links.server";

const notFound = () => data(null, { status: 404 });

export interface PricingTexts {
  plans: Record<"free" | "base" | "pro" | "custom", { tagline: string }>;
  storage: { title: string; text: string };
  faq: { question: string; answer: string }[];
}

export async function loadFaq(context: AppLoadContext, lang: LangKey) {
  const groups = await context.shared(`faq:${lang}`, () => faqList(context.db, lang));
  // The shared list is every request's: each answer's mark goes on a copy.
  return { lang, groups: groups.map((g) => ({ ...g, items: g.items.map((i) => ({ ...i, answer: contentForPage(context, lang, i.answer) })) })) };
}

export async function loadDownload(context: AppLoadContext, lang: LangKey) {
  // Seven reads that only `release:add` and content imports change: read once per process.
  return context.shared(`download:${lang}`, async () => {
    const [latest, history] = await Promise.all([
      getRelease(context.db, { lang, downloadBase: context.downloadBaseUrl }),
      listReleases(context.db, { lang, page: 1, pageSize: 8 }),
    ]);
    const previous = await Promise.all(history.list.slice(1, 6).map((r) => getRelease(context.db, { id: r.id, lang, downloadBase: context.downloadBaseUrl })));
    const shown = previous.filter((r) => r !== null);
    const sizes = [latest, ...shown].flatMap((r) => r?.downloads.map((d) => d.size) ?? []);
    const dates = writtenDates(
      lang,
      [latest, ...shown].map((r) => r?.released_at),
    );
    return { lang, latest, previous: shown, writtenNumbers: writtenNumbers(lang, { bytes: sizes }), writtenDates: dates };
  });
}

export const RELEASES_PAGE_SIZE = 10;

export async function loadReleaseList(context: AppLoadContext, request: Request, lang: LangKey) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = pageFromQuery(raw);
  if (page === null) throw notFound();
  const result = await listReleases(context.db, { lang, page, pageSize: RELEASES_PAGE_SIZE });
  if (page > 1 && result.list.length === 0) throw notFound();
  return {
    lang,
    result,
    pages: Math.max(1, Math.ceil(result.total / RELEASES_PAGE_SIZE)),
    writtenDates: writtenDates(
      lang,
      result.list.map((r) => r.released_at),
    ),
  };
}

export async function loadRelease(context: AppLoadContext, lang: LangKey, id: string | undefined) {
  const releaseId = idFromPath(id);
  if (releaseId === null) throw notFound();
  const release = await getRelease(context.db, { id: releaseId, lang, downloadBase: context.downloadBaseUrl });
  if (!release) throw notFound();
  return {
    lang,
    release,
    writtenNumbers: writtenNumbers(lang, { bytes: release.downloads.map((d) => d.size) }),
    writtenDates: writtenDates(lang, [release.released_at]),
  };
}

/**
 * /Pricing?billing=yearly&base=100&pro=300&members=2&plan=pro: the choice lives in the URL, and
 * the first render already carries the prices for it (from the same catalogue the price endpoint
 * uses), so a shared link shows the same price and nothing moves when the page comes alive.
 */
export async function loadPricing(context: AppLoadContext, request: Request, lang: LangKey) {
  const url = new URL(request.url);
  const [catalogue, features, texts] = await Promise.all([
    sharedCatalogue(context),
    context.shared(`powers:${lang}`, () => powerList(context.db, lang)),
    context.shared(`page-text:pricing:${lang}`, () => pageText<PricingTexts>(context.db, "pricing", lang)),
  ]);
  const billing = url.searchParams.get("billing") === "yearly" ? ("yearly" as const) : ("monthly" as const);
  const members = wholeNumberFromQuery(url.searchParams.get("members"), 0, 100, 0);
  const plan = url.searchParams.get("plan");
  const selection: PricingSelection = {
    billing,
    members,
    plan: plan === "free" || plan === "base" || plan === "pro" || plan === "custom" ? plan : null,
    profiles: {},
  };
  const quotes: Record<string, PriceQuote> = {};
  for (const p of catalogue.plans.filter((p) => !p.custom && p.tiers.length)) {
    const asked = wholeNumberFromQuery(url.searchParams.get(p.key), 1, 1_000_000, 0);
    const tier = p.tiers.find((t) => t.profiles === asked) ?? p.tiers[0]!;
    selection.profiles[p.key] = tier.profiles;
    const quote = await quotePrice(
      context.db,
      { plan: p.key, billing, profiles: tier.profiles, members: p.extra_member_monthly === null ? 0 : members },
      catalogue,
    );
    if (quote.ok) quotes[p.key] = quote.quote;
  }
  const paid = catalogue.plans.filter((p) => !p.custom && p.tiers.some((tier) => tier.monthly > 0));
  const prices = [
    ...(paid.length ? [Math.min(...paid.flatMap((p) => p.tiers.map((tier) => tier.monthly)))] : []),
    ...Object.values(quotes).flatMap((q) => [q.total, shownMonthly(q)]),
    ...catalogue.plans.flatMap((p) => (p.extra_member_monthly === null ? [] : [p.extra_member_monthly])),
  ];
  const counts = catalogue.plans.flatMap((p) => p.tiers.map((tier) => tier.profiles));
  return { lang, catalogue, features, texts, selection, quotes, writtenNumbers: writtenNumbers(lang, { prices, counts }) };
}

export interface PricingSelection {
  billing: "monthly" | "yearly";
  members: number;
  plan: "free" | "base" | "pro" | "custom" | null;
  profiles: Partial<Record<"free" | "base" | "pro" | "custom", number>>;
}

export async function loadAbout(context: AppLoadContext, lang: LangKey) {
  const found = await about(context.db, lang);
  if (!found) throw notFound();
  const story = contentForPage(context, lang, found.story);
  return { lang, about: { ...found, story, jobs: found.jobs.map((j) => ({ ...j, description: contentForPage(context, lang, j.description) })) } };
}

export async function loadLinks(context: AppLoadContext, lang: LangKey) {
  const found = await context.shared(`official-channels:${lang}`, () => officialChannels(context.db, context.officialChannels, lang));
  if (!found) throw notFound();
  return { lang, links: found };
}

export async function loadHome(context: AppLoadContext, lang: LangKey) {
  const [catalogue, blog, news, faq] = await Promise.all([
    sharedCatalogue(context),
    // The newest three change when something is published, which drops shared data everywhere.
    context.shared(`latest:blog:${lang}`, () => latestArticles(context.db, "blog", lang, 3)),
    context.shared(`latest:news:${lang}`, () => latestArticles(context.db, "news", lang, 3)),
    context.shared(`faq:${lang}`, () => faqList(context.db, lang)),
  ]);
  const paid = catalogue.plans.flatMap((p) => p.tiers.map((t) => t.monthly)).filter((m) => m > 0);
  const fromPrice = paid.length ? Math.min(...paid) : null;
  return {
    lang,
    fromPrice,
    writtenNumbers: writtenNumbers(lang, { prices: fromPrice === null ? [] : [fromPrice] }),
    writtenDates: writtenDates(
      lang,
      [...blog, ...news].map((a) => a.published_at),
    ),
    blog,
    news,
    faq: faq
      .flatMap((g) => g.items)
      .slice(0, 5)
      .map((i) => ({ ...i, answer: contentForPage(context, lang, i.answer) })),
  };
}
