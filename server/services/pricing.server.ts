import type { AppLoadContext } from "react-router";
/**
 * Plans and prices (api.md "Pricing"): the catalogue in PostgreSQL is the one source for the
 * pricing page, the price endpoint and the referral calculator. Amounts are US cents inside,
 * dollars (two decimals) at the edge.
 */
import { sql } from "drizzle-orm";
import type { LangKey } from "~/i18n/languages";
import type { Executor } from "../db/client.server";
import type { PlanKey } from "../db/schema";
import { pageText } from "./page-texts.server";

export interface PlanView {
  key: PlanKey;
  custom: boolean;
  members_included: number;
  extra_member_monthly: number | null;
  tiers: { profiles: number; monthly: number }[];
}

export interface PricingCatalogueView {
  currency: "USD";
  yearly_discount_percent: number;
  storage_addon: { profiles: number; monthly: number };
  plans: PlanView[];
}

const dollars = (cents: number) => Math.round(cents) / 100;

export async function getCatalogue(db: Executor): Promise<PricingCatalogueView> {
  const [plans, prices, settings] = await Promise.all([
    db.execute<{ key: PlanKey; custom: boolean; members_included: number; extra_member_cents: number | null }>(
      sql`SELECT key, custom, members_included, extra_member_cents FROM plans ORDER BY sort`,
    ),
    db.execute<{ plan: PlanKey; profiles: number; monthly_cents: number }>(sql`SELECT plan, profiles, monthly_cents FROM plan_prices ORDER BY plan, profiles`),
    db.execute<{ yearly_discount_percent: number; storage_addon_profiles: number; storage_addon_monthly_cents: number }>(
      sql`SELECT yearly_discount_percent, storage_addon_profiles, storage_addon_monthly_cents FROM pricing_settings WHERE id = 1`,
    ),
  ]);
  const s = settings.rows[0] ?? { yearly_discount_percent: 0, storage_addon_profiles: 0, storage_addon_monthly_cents: 0 };
  return {
    currency: "USD",
    yearly_discount_percent: s.yearly_discount_percent,
    storage_addon: { profiles: s.storage_addon_profiles, monthly: dollars(s.storage_addon_monthly_cents) },
    plans: plans.rows.map((p) => ({
      key: p.key,
      custom: p.custom,
      members_included: p.members_included,
      extra_member_monthly: p.extra_member_cents === null ? null : dollars(p.extra_member_cents),
      tiers: prices.rows.filter((r) => r.plan === p.key).map((r) => ({ profiles: r.profiles, monthly: dollars(r.monthly_cents) })),
    })),
  };
}

/**
 * The catalogue as pages show it: read once per process until a content import changes it
 * (server/http/shared-data-cache.server.ts). The price endpoint reads the database each time.
 */
export function sharedCatalogue(context: Pick<AppLoadContext, "db" | "shared">): Promise<PricingCatalogueView> {
  return context.shared("catalogue", () => getCatalogue(context.db));
}

export interface PriceQuote {
  plan: PlanKey;
  billing: "monthly" | "yearly";
  profiles: number;
  members: number;
  currency: "USD";
  unit_monthly: number;
  months: number;
  subtotal: number;
  discount_percent: number;
  total: number;
}

export type QuoteOutcome = { ok: true; quote: PriceQuote } | { ok: false; field: "plan" | "profiles" | "members" };

/**
 * The price of a plan at a profile tier with `members` extra members: monthly, or yearly at the
 * catalogue's discount (20 %) off twelve months. Custom plans and unknown tiers have no price.
 */
export async function quotePrice(
  db: Executor,
  q: { plan: PlanKey; billing: "monthly" | "yearly"; profiles: number; members: number },
  /** A catalogue the caller already read (the pricing page prices every plan from one read). */
  known?: PricingCatalogueView,
): Promise<QuoteOutcome> {
  const catalogue = known ?? (await getCatalogue(db));
  const plan = catalogue.plans.find((p) => p.key === q.plan);
  if (!plan || plan.custom) return { ok: false, field: "plan" };
  const tier = plan.tiers.find((t) => t.profiles === q.profiles);
  if (!tier) return { ok: false, field: "profiles" };
  if (q.members > 0 && plan.extra_member_monthly === null) return { ok: false, field: "members" };
  const unitCents = Math.round(tier.monthly * 100) + q.members * Math.round((plan.extra_member_monthly ?? 0) * 100);
  const months = q.billing === "yearly" ? 12 : 1;
  const discount = q.billing === "yearly" ? catalogue.yearly_discount_percent : 0;
  const subtotalCents = unitCents * months;
  const totalCents = Math.round((subtotalCents * (100 - discount)) / 100);
  return {
    ok: true,
    quote: {
      plan: q.plan,
      billing: q.billing,
      profiles: q.profiles,
      members: q.members,
      currency: "USD",
      unit_monthly: dollars(unitCents),
      months,
      subtotal: dollars(subtotalCents),
      discount_percent: discount,
      total: dollars(totalCents),
    },
  };
}

export interface PowerRow {
  key: string;
  group: string;
  group_name: string;
  name: string;
  plans: Record<PlanKey, boolean | string>;
}

/** The feature matrix in a language: "yes"/"no" become booleans, value keys their text. */
export async function powerList(db: Executor, lang: LangKey): Promise<PowerRow[]> {
  const [{ rows }, texts] = await Promise.all([
    db.execute<{ key: string; group: string; free: string; base: string; pro: string; custom: string }>(
      sql`SELECT key, "group", free, base, pro, custom FROM plan_features ORDER BY sort`,
    ),
    pageText<{ groups: Record<string, string>; features: Record<string, string>; values: Record<string, string> }>(db, "pricing", lang),
  ]);
  const cell = (v: string): boolean | string => (v === "yes" ? true : v === "no" ? false : (texts?.values[v] ?? v));
  return rows.map((r) => ({
    key: r.key,
    group: r.group,
    group_name: texts?.groups[r.group] ?? r.group,
    name: texts?.features[r.key] ?? r.key,
    plans: { free: cell(r.free), base: cell(r.base), pro: cell(r.pro), custom: cell(r.custom) },
  }));
}
