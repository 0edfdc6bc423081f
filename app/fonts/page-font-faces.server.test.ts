import { afterEach, describe, expect, it } from "vitest";
import { parseSubsetPath, setSubsetSigningKey } from "./font-subsets.server";
import { drawnText, pageFontFaces } from "./page-font-faces.server";

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

const points = (text: string) => [...new Set([...text].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);

describe("pageFontFaces with subsets (0036)", () => {
  afterEach(() => setSubsetSigningKey(null));
  const page = (header: string, main: string, footer: string, data = "") =>
    Buffer.from(
      `<!DOCTYPE html><html lang="zh-Hans"><head><title>页</title><style>p::before{content:"样式"}</style></head><body>` +
        `<header class="sticky"><nav><a href="/zh">${header}</a></nav></header><main><h1>${main}</h1><input placeholder="搜索"></main>` +
        `<footer><p>${footer}</p></footer><script>window.data=${JSON.stringify(data)}</script></body></html>`,
      "utf8",
    );

  /** Each rule's family, weight, code points and the code points its URL carries. */
  function rules(style: string) {
    return [...style.matchAll(/@font-face\{([^}]*)\}/g)].map(([, body]) => ({
      family: /font-family:"([^"]+)"/.exec(body!)?.[1],
      weight: /font-weight:(\d+)/.exec(body!)?.[1],
      range: codePointsOf(`unicode-range:${/unicode-range:([^;}]+)/.exec(body!)![1]}`)[0],
      url: parseSubsetPath(/src:url\("([^"]+)"\)/.exec(body!)![1]!)?.codePoints,
    }));
  }

  it("names one subset for the header and footer and one for the rest of what the page draws, each holding exactly its characters", () => {
    setSubsetSigningKey("test key");
    const style = pageFontFaces("zh", page("首页", "防关联浏览器", "版权所有", "只在数据里"));
    const [shell, rest] = rules(style);
    expect(shell!.family).toBe("Noto Sans SC Page");
    expect(shell!.weight).toBe("400");
    // The header and footer, and the words of the chrome scripts draw later (the language prompt...).
    for (const cp of points("首页版权所有继续使用当前语言")) expect(shell!.range).toContain(cp);
    expect(shell!.url).toEqual(shell!.range);
    // The rest: text and placeholders, not what only scripts and styles hold, nothing of the shell.
    expect(rest!.range).toEqual(points("防关联浏览器搜索页").filter((cp) => !shell!.range!.includes(cp)));
    expect(rest!.url).toEqual(rest!.range);
  });

  it("gives every page of a language the same shell subset", () => {
    setSubsetSigningKey("test key");
    const a = /src:url\("([^"]+)"\)/.exec(pageFontFaces("zh", page("首页", "防关联浏览器", "版权所有")))![1];
    const b = /src:url\("([^"]+)"\)/.exec(pageFontFaces("zh", page("首页", "价格", "版权所有")))![1];
    expect(a).toBe(b);
  });

  it("names the slices, as before, until URLs can be signed", () => {
    expect(pageFontFaces("zh", page("首页", "防关联浏览器", "版权所有"))).toContain("Noto Sans SC Web");
  });

  it("reads only drawn text", () => {
    expect(drawnText('<p title="标题">正文</p><script>脚本</script><template>模板</template><input placeholder="提示">')).not.toMatch(/标题|脚本|模板/);
    expect(drawnText('<p title="标题">正文</p><input placeholder="提示">')).toMatch(/正文[\s\S]*提示/);
  });
});

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
