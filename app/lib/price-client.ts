/**
 * The browser's call to the price endpoint (POST /api/payment/official-site/price), shared by the
 * pricing page and the referral calculator, so both price from the one catalogue.
 */
import type { ApiResult } from "./api-client";

export type PlanKey = "free" | "base" | "pro" | "custom";
export type Billing = "monthly" | "yearly";

export interface Quote {
  plan: PlanKey;
  billing: Billing;
  profiles: number;
  members: number;
  unit_monthly: number;
  months: number;
  subtotal: number;
  discount_percent: number;
  total: number;
}

/** Asks the price endpoint, form-encoded as the site's call is. */
export async function fetchQuote(fields: Record<string, string>, fallback: string): Promise<ApiResult<Quote>> {
  try {
    const res = await fetch("/api/payment/official-site/price", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const body = (await res.json()) as { code: number; msg: string; data: Quote };
    return body.code === 0 ? { ok: true, data: body.data } : { ok: false, code: body.code, message: body.msg || fallback };
  } catch {
    return { ok: false, code: 0, message: fallback };
  }
}
