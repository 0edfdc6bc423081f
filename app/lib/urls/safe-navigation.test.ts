import { describe, expect, it } from "vitest";
import { checkNavigation } from "./safe-navigation";

const origin = "https://www.facet.test";

describe("checkNavigation", () => {
  it("allows internal paths", () => {
    expect(checkNavigation("/blog?x=1#top", origin)).toEqual({ ok: true, href: "/blog?x=1#top", external: false });
    expect(checkNavigation("https://www.facet.test/Pricing", origin)).toMatchObject({ ok: true, href: "/Pricing" });
  });
  it("refuses external URLs without the explicit flag", () => {
    expect(checkNavigation("https://evil.example/", origin)).toEqual({ ok: false, reason: "external" });
    expect(checkNavigation("//evil.example/x", origin)).toEqual({ ok: false, reason: "external" });
    expect(checkNavigation("https://partner.example/", origin, { external: true })).toMatchObject({ ok: true, external: true });
  });
  it("refuses script URLs, whatever their spelling, even when flagged external", () => {
    for (const target of ["javascript:alert(1)", " JavaScript:alert(1)", "java\tscript:alert(1)", "script:x", "vbscript:x", "data:text/html,<b>"]) {
      expect(checkNavigation(target, origin, { external: true }), target).toEqual({ ok: false, reason: "script" });
    }
  });
});
