import { describe, expect, it } from "vitest";
import { fontsFor } from "./share-fonts.server";

describe("share image fonts", () => {
  it("give each script's slice its own family name, Latin first, cut to the text's letters", async () => {
    const { fonts, family } = await fontsFor("Facet ร้านค้า", "th", [400]);
    const names = family.split(", ");
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
    expect(fonts.map((f) => f.name)).toEqual(names);
    // Subsets of a few letters: a few KB, not the 100 KB slices.
    for (const font of fonts) expect(font.data.byteLength).toBeLessThan(12_000);
  });

  it("take Han characters from the language's own CJK font, and one font per weight", async () => {
    const zh = await fontsFor("浏览器", "zh");
    const jp = await fontsFor("浏览器", "jp");
    for (const name of zh.family.split(", ")) expect(zh.fonts.filter((f) => f.name === name).map((f) => f.weight)).toEqual([400, 700]);
    const han = (fonts: typeof zh.fonts) => Buffer.concat(fonts.filter((f) => f.name !== "Share0").map((f) => f.data));
    expect(han(zh.fonts).byteLength).toBeGreaterThan(0);
    expect(han(zh.fonts).equals(han(jp.fonts))).toBe(false);
  });

  it("draw Cyrillic and Vietnamese too", async () => {
    const { family } = await fontsFor("Профили Hồ sơ", "ru", [700]);
    expect(family.split(", ").length).toBeGreaterThanOrEqual(2);
  });
});
