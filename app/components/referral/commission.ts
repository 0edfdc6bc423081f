import type { Billing, Quote } from "~/lib/price-client";

/** One line of the calculator: so many referrals a month buying this subscription. */
export interface MixRow {
  plan: "base" | "pro";
  profiles: number;
  billing: Billing;
  count: number;
}

export const MAX_ROWS = 6;
export const MAX_REFERRALS = 10_000;

export function quoteKey(row: Pick<MixRow, "plan" | "profiles" | "billing">): string {
  return `${row.plan}-${row.profiles}-${row.billing}`;
}

/**
 * The commission on what the referrals brought in one month pay for their subscriptions (a
 * yearly subscription pays the year at once, a monthly one the month), and on a year of such
 * months. Amounts in cents inside, so sums do not drift; null while a price is unknown.
 */
export function commission(
  rows: readonly MixRow[],
  quotes: Readonly<Record<string, Pick<Quote, "total">>>,
  percent: number,
): { perMonth: number; perYear: number } | null {
  let cents = 0;
  for (const row of rows) {
    const quote = quotes[quoteKey(row)];
    if (!quote) return null;
    cents += Math.round(quote.total * 100) * row.count;
  }
  const perMonthCents = Math.round((cents * percent) / 100);
  return { perMonth: perMonthCents / 100, perYear: (perMonthCents * 12) / 100 };
}

/** A count as typed: whole, at least 0, at most MAX_REFERRALS. */
export function clampCount(value: string): number {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) ? Math.min(MAX_REFERRALS, Math.max(0, n)) : 0;
}
