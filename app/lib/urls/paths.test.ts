import { describe, expect, it } from "vitest";
import { localizePath, splitLangPrefix, switchLanguagePath } from "./paths";

describe("localizePath", () => {
  it("adds the prefix for every language but English", () => {
    expect(localizePath("/blog", "en")).toBe("/blog");
    expect(localizePath("/blog", "zh")).toBe("/zh/blog");
    expect(localizePath("/", "jp")).toBe("/jp");
    expect(localizePath("/", "en")).toBe("/");
    expect(localizePath("Pricing", "vn")).toBe("/vn/Pricing");
  });
});

describe("splitLangPrefix", () => {
  it("recognises only supported languages as prefixes", () => {
    expect(splitLangPrefix("/zh/blog")).toEqual({ lang: "zh", path: "/blog", prefixed: true });
    expect(splitLangPrefix("/th")).toEqual({ lang: "th", path: "/", prefixed: true });
    expect(splitLangPrefix("/blog-guides")).toEqual({ lang: "en", path: "/blog-guides", prefixed: false });
    expect(splitLangPrefix("/xx/blog")).toEqual({ lang: "en", path: "/xx/blog", prefixed: false });
  });
});

describe("switchLanguagePath", () => {
  it("keeps the page for ordinary pages", () => {
    expect(switchLanguagePath("/about-us", "zh")).toBe("/zh/about-us");
    expect(switchLanguagePath("/zh/about-us", "en")).toBe("/about-us");
    expect(switchLanguagePath("/ru", "tc")).toBe("/tc");
    expect(switchLanguagePath("/", "fr")).toBe("/fr");
  });
  it("lands on the section list from help, blog and news pages", () => {
    expect(switchLanguagePath("/blog/42", "zh")).toBe("/zh/blog");
    expect(switchLanguagePath("/zh/blog-guides/proxies", "en")).toBe("/blog");
    expect(switchLanguagePath("/jp/news/7", "uk")).toBe("/uk/news");
    expect(switchLanguagePath("/helps/12", "es")).toBe("/es/helps");
    expect(switchLanguagePath("/news-product-updates", "hi")).toBe("/hi/news");
  });
  it("does not mistake look-alike paths for sections", () => {
    expect(switchLanguagePath("/blogger", "zh")).toBe("/zh/blogger");
    expect(switchLanguagePath("/helpsdesk", "zh")).toBe("/zh/helpsdesk");
  });
});

describe("switchLanguagePath across mode hosts", () => {
  const hostPlan = { en: "https://www.facet.test", zh: "https://www.facet-cn.test" };
  it("sends zh to the mainland host and others to the English host under /{lang}/", () => {
    expect(switchLanguagePath("/ru/about-us", "zh", { hostPlan, host: "www.facet.test" })).toBe("https://www.facet-cn.test/about-us");
    expect(switchLanguagePath("/about-us", "en", { hostPlan, host: "www.facet-cn.test", defaultLang: "zh" })).toBe("https://www.facet.test/about-us");
    expect(switchLanguagePath("/blog/3", "th", { hostPlan, host: "www.facet-cn.test", defaultLang: "zh" })).toBe("https://www.facet.test/th/blog");
    expect(switchLanguagePath("/about-us", "fr", { hostPlan, host: "www.facet.test" })).toBe("/fr/about-us");
  });
});
