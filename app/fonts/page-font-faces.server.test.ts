import { describe, expect, it } from "vitest";
import { pageFontFaces } from "./page-font-faces.server";

const html = (text: string) => Buffer.from(`<!DOCTYPE html><html lang="zh-Hans"><head></head><body><p>${text}</p></body></html>`, "utf8");

/** The rules' unicode-ranges, each expanded to its code points. */
function codePointsOf(style: string): number[][] {
  return [...style.matchAll(/unicode-range:([^;}]+)/g)].map(([, range]) =>
    range!.split(",").flatMap((part) => {
      const [from, to = from] = part.replace("U+", "").split("-");
      const out: number[] = [];
      for (let cp = parseInt(from!, 16); cp <= parseInt(to!, 16); cp++) out.push(cp);
      return out;
    }),
  );
}

describe("pageFontFaces", () => {
  it("writes one rule per slice the document's characters fall in, narrowed to those characters", () => {
    const style = pageFontFaces("zh", html("防关联浏览器，一台电脑管理多个账号。"));
    expect(style).toMatch(/^<style data-page-fonts>@font-face\{/);
    expect(style).toMatch(/<\/style>$/);
    const ranges = codePointsOf(style);
    const all = ranges.flat().sort((a, b) => a - b);
    const expected = [...new Set([..."防关联浏览器，一台电脑管理多个账号。"].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);
    expect(all).toEqual(expected);
    // Each rule keeps its slice's family, file and display; Vite points the file at the build's asset.
    for (const rule of style.match(/@font-face\{[^}]*\}/g)!) {
      expect(rule).toMatch(/font-family:"?Noto Sans SC Web"?;/);
      expect(rule).toMatch(/src:url\("?\/[^)]*noto-sans-sc-\d+-wght-normal[^)]*\.woff2"?\) format\("woff2"\)/);
      expect(rule).toContain("font-display:swap");
    }
    // Common characters share a few slices: far fewer rules than characters.
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.length).toBeLessThan(expected.length);
  });

  it("writes consecutive code points of a slice as one range", () => {
    // ！（） (U+FF01, U+FF08-FF09) share the most common slice.
    const style = pageFontFaces("zh", html("（！）"));
    expect(style).toMatch(/unicode-range:U\+ff01,U\+ff08-ff09\}/);
  });

  it("ignores Latin text, which the system fonts draw", () => {
    expect(pageFontFaces("zh", html("Only Latin here: 123, café."))).toBe("");
  });

  it("uses each language's own family", () => {
    expect(pageFontFaces("tc", html("繁體中文"))).toContain("Noto Sans TC Web");
    expect(pageFontFaces("jp", html("ひらがなとカタカナ"))).toContain("Noto Sans JP Web");
  });

  it("is empty for languages whose font is one slice in the main stylesheet", () => {
    for (const lang of ["en", "th", "hi", "ru"] as const) expect(pageFontFaces(lang, html("ภาษาไทย हिन्दी 中文"))).toBe("");
  });
});
