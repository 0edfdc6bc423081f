import { describe, expect, it } from "vitest";
import { clampCount, commission, quoteKey } from "./commission";

describe("referral commission", () => {
  const quotes = { [quoteKey({ plan: "base", profiles: 100, billing: "yearly" })]: { total: 470.4 }, "pro-300-monthly": { total: 199 } };

  it("is the percent of what one month's referrals pay, and twelve such months a year", () => {
    const result = commission(
      [
        { plan: "base", profiles: 100, billing: "yearly", count: 3 },
        { plan: "pro", profiles: 300, billing: "monthly", count: 2 },
      ],
      quotes,
      10,
    );
    // (3 × 470.40 + 2 × 199.00) × 10 % = 180.92 a month; × 12 = 2,171.04 a year.
    expect(result).toEqual({ perMonth: 180.92, perYear: 2171.04 });
  });

  it("is unknown while a price is missing, and zero without referrals", () => {
    expect(commission([{ plan: "pro", profiles: 100, billing: "yearly", count: 1 }], quotes, 10)).toBeNull();
    expect(commission([{ plan: "base", profiles: 100, billing: "yearly", count: 0 }], quotes, 10)).toEqual({ perMonth: 0, perYear: 0 });
  });

  it("keeps counts whole and within bounds", () => {
    expect(clampCount("2.7")).toBe(2);
    expect(clampCount("-4")).toBe(0);
    expect(clampCount("abc")).toBe(0);
    expect(clampCount("1e9")).toBe(10_000);
  });
});
