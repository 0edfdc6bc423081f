import { describe, expect, it } from "vitest";
import { localizePath } from "~/lib/urls/paths";
import { renderMarkdown } from "./markdown.server";
import { localizeContentLinks, siteLinkProblem, siteLinkProblems } from "./site-links.server";

describe("site links written in content", () => {
  it("accepts bare page paths, with a query or a fragment, and files that exist", () => {
    for (const href of ["/", "/Pricing", "/helps", "/helps/12", "/faq#refunds", "/helps?category=proxies", "/blog/feed.xml", "/scenarios/agencies", "/images/product-overview.png"]) {
      expect(siteLinkProblem(href), href).toBeNull();
    }
  });

  it("leaves links to other sites and fragments alone", () => {
    expect(siteLinkProblem("https://example.com/zh/Pricing")).toBeNull();
    expect(siteLinkProblem("#section")).toBeNull();
    expect(siteLinkProblem("//cdn.example.com/x")).toBeNull();
  });

  it("refuses a link that names a language, and says what to write instead", () => {
    expect(siteLinkProblem("/zh/Pricing")).toMatch(/write \/Pricing/);
    expect(siteLinkProblem("/th")).toMatch(/write \//);
  });

  it("refuses addresses that are no page and files that do not exist", () => {
    expect(siteLinkProblem("/pricing-plans")).toMatch(/no page/);
    expect(siteLinkProblem("/helps/12/extra")).toMatch(/no page/);
    expect(siteLinkProblem("/images/nothing-here.png")).toMatch(/no such file/);
  });

  it("makes the importer refuse such content, naming the file", () => {
    expect(() => renderMarkdown("See [prices](/th/Pricing).", "th", "content/help/th/x.md")).toThrow(/content\/help\/th\/x\.md: \/th\/Pricing names a language/);
    expect(siteLinkProblems(renderMarkdown("[a](/Pricing) [b](/download#linux) ![i](/images/product-overview.png)").html)).toEqual([]);
  });

  it("gives every site link the reader's language and leaves files, other sites and prefixed links alone", () => {
    const html = renderMarkdown(
      "[a](/Pricing) [b](/faq#refunds) [c](/helps?category=proxies&page=2) [d](/) [e](https://example.com/Pricing) ![i](/images/product-overview.png)",
    ).html;
    const th = localizeContentLinks(html, (bare) => localizePath(bare, "th"));
    expect(th).toContain('href="/th/Pricing"');
    expect(th).toContain('href="/th/faq#refunds"');
    expect(th).toContain('href="/th/helps?category=proxies&amp;page=2"');
    expect(th).toContain('href="/th"');
    expect(th).toContain('href="https://example.com/Pricing"');
    expect(th).toContain('src="/images/product-overview.png"');
    expect(localizeContentLinks(html, (bare) => localizePath(bare, "en"))).toContain('href="/Pricing"');
  });
});
