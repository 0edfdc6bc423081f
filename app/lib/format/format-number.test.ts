import { afterEach, describe, expect, it, vi } from "vitest";
import { formatBytes, formatNumber, formatPrice, rememberWrittenNumbers, cappedCount, shownMonthly, writtenNumbers } from "./format-number";

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

describe("numbers the server wrote into the page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are the same text the browser would build", () => {
    expect(writtenNumbers("fr", { prices: [19, 12.5], counts: [1000], bytes: [1536] })).toEqual({
      prices: { "19": formatPrice(19, "fr"), "12.5": formatPrice(12.5, "fr") },
      counts: { "1000": formatNumber(1000, "fr") },
      bytes: { "1536": formatBytes(1536, "fr") },
    });
  });

  it("are reused in the browser for their language and value, and only those", () => {
    vi.stubGlobal("document", {});
    // A marked text shows the written one was used rather than a formatter.
    rememberWrittenNumbers("ru", { prices: { "29": "written 29" }, counts: { "500": "written 500" }, bytes: { "2048": "written 2 KB" } });
    expect(formatPrice(29, "ru")).toBe("written 29");
    expect(formatBytes(2048, "ru")).toBe("written 2 KB");
    expect(formatBytes(2049, "ru")).not.toContain("written");
    expect(formatNumber(500, "ru")).toBe("written 500");
    expect(formatPrice(29, "uk")).toBe(
      new Intl.NumberFormat("uk", { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(29),
    );
    expect(formatPrice(30, "ru")).not.toContain("written");
    expect(formatNumber(29, "ru")).not.toContain("written");
  });

  it("are not kept on the server, where every page formats its own", () => {
    rememberWrittenNumbers("tr", { prices: { "7": "written 7" }, counts: {} });
    expect(formatPrice(7, "tr")).not.toContain("written");
  });

  it("spread a yearly total over its months, to the cent", () => {
    expect(shownMonthly({ months: 12, total: 100 })).toBe(8.33);
    expect(shownMonthly({ months: 1, total: 19 })).toBe(19);
  });
});

describe("a count that stops at a cap (a search's, a staff list's)", () => {
  it('says "at least" past the cap, and is plain below it', () => {
    expect(cappedCount(1000, true)).toBe("1000+");
    expect(cappedCount(2049, true)).toBe("2049+");
    expect(cappedCount(12, false)).toBe("12");
    expect(cappedCount(12, undefined)).toBe("12");
  });
});
