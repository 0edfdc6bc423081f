import { describe, expect, it } from "vitest";
import { formatBytes, formatNumber, formatPrice } from "./format";

describe("number formats (kept per language and options)", () => {
  it("never lends one amount's options to another", () => {
    expect(formatPrice(12, "en")).toBe("$12");
    expect(formatPrice(12.5, "en")).toBe("$12.50");
    expect(formatPrice(12, "en")).toBe("$12");
    expect(formatBytes(1536, "en")).toBe("1.5 kB");
    expect(formatBytes(3 * 1024 * 1024, "en")).toBe("3 MB");
    expect(formatNumber(1234567, "en")).toBe("1,234,567");
  });

  it("never lends one language's format to another", () => {
    expect(formatNumber(1234567, "en")).toBe("1,234,567");
    expect(formatNumber(1234567, "fr")).toBe(new Intl.NumberFormat("fr-FR").format(1234567));
    expect(formatNumber(1234567, "fr")).not.toBe("1,234,567");
  });
});
