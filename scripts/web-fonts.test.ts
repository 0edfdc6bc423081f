import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generate, parseFontsourceCss, withoutOtherScripts } from "./web-fonts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("web font stylesheets (docs/decisions/0023)", () => {
  it("are what the installed packages give (run npx tsx scripts/web-fonts.ts after updating them)", () => {
    for (const [file, css] of generate(root)) expect(readFileSync(file, "utf8"), path.relative(root, file)).toBe(css);
  });

  it("never claim Latin, general punctuation or emoji, but keep the joiners", () => {
    for (const [file, css] of generate(root)) {
      for (const [, ranges = ""] of css.matchAll(/unicode-range:([^}]+)}/g)) {
        for (const part of ranges.split(",")) {
          const [from, to = from] = part
            .slice(2)
            .split("-")
            .map((h) => parseInt(h, 16));
          expect(from! > 0x2ff, `${path.basename(file)} ${part}`).toBe(true);
          expect(to! < 0x1f000, `${path.basename(file)} ${part}`).toBe(true);
          if (from! <= 0x206f && to! >= 0x2000) expect(from! >= 0x200c && to! <= 0x200d, `${path.basename(file)} ${part}`).toBe(true);
        }
      }
    }
    expect(
      withoutOtherScripts([
        [0x20, 0x7e],
        [0x2000, 0x206f],
        [0xe01, 0xe5b],
        [0x1f300, 0x1f5ff],
      ]),
    ).toEqual([
      [0x200c, 0x200d],
      [0xe01, 0xe5b],
    ]);
  });

  it("read each slice's file and code points from a fontsource stylesheet", () => {
    const slices = parseFontsourceCss(`/* noto-sans-sc-[4]-wght-normal */
@font-face {
  font-family: 'Noto Sans SC Variable';
  src: url(./files/noto-sans-sc-4-wght-normal.woff2) format('woff2-variations');
  unicode-range: U+1f1e9-1f1f5,U+4e00;
}
/* noto-sans-sc-latin-wght-normal */
@font-face {
  font-family: 'Noto Sans SC Variable';
  src: url(./files/noto-sans-sc-latin-wght-normal.woff2) format('woff2-variations');
  unicode-range: U+0000-00FF;
}`);
    expect(slices).toEqual([
      {
        subset: "4",
        fileName: "noto-sans-sc-4-wght-normal.woff2",
        ranges: [
          [0x1f1e9, 0x1f1f5],
          [0x4e00, 0x4e00],
        ],
      },
      { subset: "latin", fileName: "noto-sans-sc-latin-wght-normal.woff2", ranges: [[0, 0xff]] },
    ]);
  });
});
