import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import { describe, expect, it } from "vitest";
import { mergeTrueType, readCmap } from "./truetype-merge.server";

const require = createRequire(import.meta.url);
const slice = (n: number) =>
  readFileSync(path.join(path.dirname(require.resolve("@fontsource-variable/noto-sans-sc/package.json")), "files", `noto-sans-sc-${n}-wght-normal.woff2`));
const points = (text: string) => [...new Set([...text].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);

function table(font: Buffer, tag: string): Buffer {
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const record = 12 + i * 16;
    if (font.toString("latin1", record, record + 4) === tag)
      return font.subarray(font.readUInt32BE(record + 8), font.readUInt32BE(record + 8) + font.readUInt32BE(record + 12));
  }
  throw new Error(`no ${tag}`);
}

describe("mergeTrueType", () => {
  it("joins static instances of two slices into one font that harfbuzz subsets, every character keeping its own outline", async () => {
    // Two slices of the Noto Sans SC package, each holding some of these characters.
    const pin = (font: Buffer) => subsetFont(font, "", { keepAllGlyphs: true, targetFormat: "truetype", variationAxes: { wght: 400 } });
    const [a, b] = await Promise.all([pin(slice(119)), pin(slice(118))]);
    const merged = mergeTrueType([a, b]);
    const cmapA = readCmap(table(a, "cmap"));
    const cmapB = readCmap(table(b, "cmap"));
    const all = readCmap(table(merged, "cmap"));
    expect(all.size).toBe(new Set([...cmapA.keys(), ...cmapB.keys()]).size);
    expect(table(merged, "maxp").readUInt16BE(4)).toBe(table(a, "maxp").readUInt16BE(4) + table(b, "maxp").readUInt16BE(4) - 1);

    // A character of each slice, cut from the merged font, has the outline it had in its slice.
    const fromA = [...cmapA.keys()].find((cp) => cp >= 0x4e00)!;
    const fromB = [...cmapB.keys()].find((cp) => cp >= 0x4e00 && !cmapA.has(cp))!;
    for (const [cp, source] of [
      [fromA, a],
      [fromB, b],
    ] as const) {
      const one = await subsetFont(merged, String.fromCodePoint(cp), { targetFormat: "truetype" });
      const alone = await subsetFont(source, String.fromCodePoint(cp), { targetFormat: "truetype" });
      expect(table(one, "glyf")).toEqual(table(alone, "glyf"));
      expect(table(one, "hmtx")).toEqual(table(alone, "hmtx"));
    }
    const both = await subsetFont(merged, String.fromCodePoint(fromA, fromB), { targetFormat: "truetype" });
    expect([...readCmap(table(both, "cmap")).keys()].sort((x, y) => x - y)).toEqual(points(String.fromCodePoint(fromA, fromB)));
  });
});
