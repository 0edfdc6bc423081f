import { describe, expect, it } from "vitest";
import { searchWordsFromPath } from "./NotFound";

describe("searchWordsFromPath", () => {
  it.each([
    ["/blog/proxy-setup-guide", "proxy setup guide"],
    ["/th/helps/%E0%B8%9E%E0%B8%A3%E0%B9%87%E0%B8%AD%E0%B8%81%E0%B8%8B%E0%B8%B5", "พร็อกซี"],
    ["/old/pricing.html?ref=x", "pricing"],
    ["/blog/12345", ""],
    ["/%E0%A4%A", ""],
    ["/", ""],
    [`/${"a".repeat(61)}`, ""],
  ])("%s → %j", (path, words) => {
    expect(searchWordsFromPath(path)).toBe(words);
  });
});
