import { describe, expect, it } from "vitest";
import { codePointsOfRules, hasUncoveredCjk } from "./later-text";

const RULES =
  '@font-face{font-family:"Noto Sans SC Page";src:url("/fonts/zh-1/a.woff2") format("woff2");unicode-range:U+3001-3002,U+4e2d,U+6587}' +
  '@font-face{font-family:"Noto Sans SC Page";src:url("/fonts/zh-1/b.woff2") format("woff2");unicode-range:U+4ef7,U+683c-683d}';

describe("codePointsOfRules", () => {
  it("reads single code points and ranges from every rule", () => {
    expect([...codePointsOfRules(RULES)].sort((a, b) => a - b)).toEqual([0x3001, 0x3002, 0x4e2d, 0x4ef7, 0x6587, 0x683c, 0x683d]);
  });

  it("reads nothing from a page without rules, and skips a range it cannot read", () => {
    expect(codePointsOfRules("").size).toBe(0);
    expect([...codePointsOfRules("@font-face{unicode-range:U+zz,U+4e2d}")]).toEqual([0x4e2d]);
  });
});

describe("hasUncoveredCjk", () => {
  const covered = codePointsOfRules(RULES);

  it("is false for text the page's rules draw, with Latin, digits and spaces around it", () => {
    expect(hasUncoveredCjk("中文、价格 Facet 2026", covered)).toBe(false);
  });

  it("is true for a Chinese character or kana the rules lack", () => {
    expect(hasUncoveredCjk("中文鬱", covered)).toBe(true);
    expect(hasUncoveredCjk("かな", covered)).toBe(true);
    expect(hasUncoveredCjk("中！", covered)).toBe(true);
    expect(hasUncoveredCjk("𠀀", covered)).toBe(true);
  });

  it("leaves other scripts and symbols to the fonts that draw them", () => {
    expect(hasUncoveredCjk("Привет, ไทย, हिन्दी, → ✓ …", covered)).toBe(false);
  });
});
