import { describe, expect, it } from "vitest";
import { isTrackingParam, withoutTrackingParams } from "./tracking-params";

describe("withoutTrackingParams", () => {
  it("drops ad, search and newsletter click parameters and keeps the page's own in their order", () => {
    expect(withoutTrackingParams("?utm_source=google&page=2&gclid=abc&tag=proxy&fbclid=x&srsltid=y")).toBe("?page=2&tag=proxy");
    expect(withoutTrackingParams("category=billing&utm_campaign=spring")).toBe("?category=billing");
  });

  it("gives an empty string when nothing is left, and leaves a query without tracking parameters as it was", () => {
    expect(withoutTrackingParams("?utm_source=a&utm_medium=b&msclkid=c")).toBe("");
    expect(withoutTrackingParams("")).toBe("");
    expect(withoutTrackingParams("?")).toBe("");
    expect(withoutTrackingParams("?billing=yearly&members=3&plan=team")).toBe("?billing=yearly&members=3&plan=team");
  });

  it("reads encoded names and names without a value, and keeps malformed escapes rather than failing", () => {
    expect(withoutTrackingParams("?utm%5Fsource=a&page=3")).toBe("?page=3");
    expect(withoutTrackingParams("?gclid&index")).toBe("?index");
    expect(withoutTrackingParams("?a%E0%A4=1&utm_term=x")).toBe("?a%E0%A4=1");
    expect(withoutTrackingParams("?page=1&&page=2")).toBe("?page=1&page=2");
  });

  it("knows only click parameters: a page's own names that merely look alike are kept", () => {
    expect(isTrackingParam("utm_content")).toBe(true);
    expect(isTrackingParam("yclid")).toBe(true);
    for (const name of ["page", "category", "type", "region", "billing", "token", "date", "keyword", "utm", "source"]) {
      expect(isTrackingParam(name)).toBe(false);
    }
  });
});
