import { describe, expect, it } from "vitest";
import { LinkAddresses } from "./product-import.server";

const file = (url: string) => ({ groups: [{ slug: "support", items: [{ slug: "help-centre", url, kind: "support" }] }] });

describe("content/links.yaml", () => {
  it("takes https, mailto and the site's own pages, and refuses a path that is no page or names a language", () => {
    for (const url of ["https://t.me/facetbrowser", "mailto:support@facetbrowser.com", "/helps"]) expect(LinkAddresses.safeParse(file(url)).success, url).toBe(true);
    for (const url of ["/helpz", "/zh/helps", "http://example.org", "//evil.io/x"]) expect(LinkAddresses.safeParse(file(url)).success, url).toBe(false);
  });
});
