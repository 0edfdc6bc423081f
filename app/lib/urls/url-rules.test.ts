import { describe, expect, it } from "vitest";
import { htmlStrippedPath, legacyCategoryPath, redirectFor } from "./url-rules";

const single = { plan: { en: "http://localhost:3000" }, host: "localhost:3000" };
const pro = { en: "https://www.facet.test", zh: "https://www.facet-cn.test" };
const onEn = { plan: pro, host: "www.facet.test" };
const onZh = { plan: pro, host: "www.facet-cn.test" };

describe("redirectFor on a single host", () => {
  it.each([
    ["/", null],
    ["/about-us", null],
    ["/zh/about-us", null],
    ["/\\", "/"],
    ["//blog///guides", "/blog/guides"],
    ["/blog.html", "/blog"],
    ["/zh/about-us.html", "/zh/about-us"],
    ["/index.html", "/"],
    ["/jp/index.html", "/jp"],
    ["/latest-news", "/news-product-updates"],
    ["/about-smm/tiktok", "/blog-account-management/tiktok"],
    ["/ru/browser-fingerprint", "/ru/blog-browser-fingerprints"],
    ["/browser-automation.html", "/blog-guides"],
    ["//zh//use-cases.html", "/zh/blog-use-cases"],
    ["/en/about-us", "/about-us"],
    ["/en", "/"],
    ["/blog/use-cases", null],
    ["/xx/about-us", null],
  ])("%s → %s", (path, expected) => {
    expect(redirectFor(path, single)).toBe(expected);
  });

  it("never produces a protocol-relative or looping target", () => {
    expect(redirectFor("//evil.example/x", single)).toBe("/evil.example/x");
    for (const path of ["/\\", "//a//b", "/x.html", "/latest-news.html", "/en/index.html"]) {
      const once = redirectFor(path, single)!;
      expect(redirectFor(once, single), path).toBeNull();
    }
  });
});

describe("redirectFor with mode hosts", () => {
  it("sends Chinese to the mainland host with the path kept, in one hop", () => {
    expect(redirectFor("/zh/about-us", onEn)).toBe("https://www.facet-cn.test/about-us");
    expect(redirectFor("/zh/about-smm.html", onEn)).toBe("https://www.facet-cn.test/blog-account-management");
  });
  it("sends other languages from the mainland host to the English host under /{lang}/", () => {
    expect(redirectFor("/ru/about-us", onZh)).toBe("https://www.facet.test/ru/about-us");
    expect(redirectFor("/en/about-us", onZh)).toBe("https://www.facet.test/about-us");
    expect(redirectFor("/zh/about-us", onZh)).toBe("/about-us");
  });
  it("serves unprefixed and other-language paths on their own hosts", () => {
    expect(redirectFor("/about-us", onZh)).toBeNull();
    expect(redirectFor("/ru/about-us", onEn)).toBeNull();
  });
});

describe("helpers", () => {
  it("rename legacy categories only in the first segment or after a language", () => {
    expect(legacyCategoryPath("/blog/latest-news")).toBeNull();
    expect(legacyCategoryPath("/tc/latest-news/x")).toBe("/tc/news-product-updates/x");
  });
  it("strip .html", () => {
    expect(htmlStrippedPath("/a/b.HTML")).toBe("/a/b");
    expect(htmlStrippedPath("/a/b")).toBeNull();
  });
});
