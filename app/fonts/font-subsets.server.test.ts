import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import subsetFont from "subset-font";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  decodeCodePoints,
  encodeCodePoints,
  fontVersion,
  MAX_SUBSET_CODE_POINTS,
  parseSubsetPath,
  setSubsetSigningKey,
  SubsetMaker,
  subsetUrl,
} from "./font-subsets.server";
import { readCmap } from "./truetype-merge.server";

const points = (text: string) => [...new Set([...text].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);

/** The code points a font maps, read back from its woff2. */
async function mapped(woff2: Buffer): Promise<number[]> {
  // harfbuzz keeping every glyph: the same font as TrueType, its tables readable.
  const ttf = await subsetFont(woff2, "", { keepAllGlyphs: true, targetFormat: "truetype" });
  const count = ttf.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    if (ttf.toString("latin1", record, record + 4) !== "cmap") continue;
    const offset = ttf.readUInt32BE(record + 8);
    return [...readCmap(ttf.subarray(offset, offset + ttf.readUInt32BE(record + 12))).keys()].sort((a, b) => a - b);
  }
  throw new Error("no cmap");
}

describe("the code points in a subset URL", () => {
  it("round-trip, whatever their spread", () => {
    for (const set of [[0x4e00], points("防关联浏览器，一台电脑管理多个账号。"), [0x300, 0x3000, 0x9fff, 0x20000, 0x10ffff]])
      expect(decodeCodePoints(encodeCodePoints(set))).toEqual(set);
  });

  it("are short: a page's 600 characters fit in well under 2 KB", () => {
    const set = Array.from({ length: 600 }, (_, i) => 0x4e00 + i * 31);
    expect(encodeCodePoints(set).length).toBeLessThan(2000);
  });

  it("must be sorted, distinct and valid to be encoded", () => {
    expect(() => encodeCodePoints([0x4e01, 0x4e00])).toThrow();
    expect(() => encodeCodePoints([0x4e00, 0x4e00])).toThrow();
    expect(() => encodeCodePoints([0x110000])).toThrow();
  });

  it("decode to nothing from anything encodeCodePoints could not have written", () => {
    for (const bad of ["", "!!!", "a".repeat(9000), Buffer.from("not deflate").toString("base64url")]) expect(decodeCodePoints(bad)).toBeNull();
    // Past the bound on a set: more code points than any page holds.
    const tooMany = Array.from({ length: MAX_SUBSET_CODE_POINTS + 1 }, (_, i) => 0x4e00 + i);
    expect(decodeCodePoints(encodeCodePoints(tooMany))).toBeNull();
  });
});

describe("subset URLs", () => {
  beforeEach(() => setSubsetSigningKey("test key of the font subsets"));
  afterAll(() => setSubsetSigningKey(null));

  it("are the same for the same set, and name the language and its font's version", () => {
    const url = subsetUrl("zh", points("中文"))!;
    expect(url).toBe(subsetUrl("zh", points("文中")));
    expect(url).toMatch(new RegExp(`^/fonts/zh-${fontVersion("zh")}/[\\w-]+\\.[\\w-]{16}\\.woff2$`));
    expect(subsetUrl("jp", points("中文"))).not.toBe(url);
  });

  it("are read back to their set", () => {
    const set = points("防关联浏览器");
    expect(parseSubsetPath(subsetUrl("tc", set)!)).toMatchObject({ lang: "tc", codePoints: set });
  });

  it("are refused when this server did not sign them: another set, key, language or font version", () => {
    const url = subsetUrl("zh", points("中文"))!;
    const [, , folder, file] = url.split("/");
    const [payload, sig] = file!.split(".");
    const other = encodeCodePoints(points("中文字"));
    expect(parseSubsetPath(`/fonts/${folder}/${other}.${sig}.woff2`)).toBeNull();
    expect(parseSubsetPath(url.replace("/fonts/zh-", "/fonts/jp-"))).toBeNull();
    expect(parseSubsetPath(url.replace(fontVersion("zh"), "00000000"))).toBeNull();
    expect(parseSubsetPath(`/fonts/${folder}/${payload}.${"A".repeat(16)}.woff2`)).toBeNull();
    expect(parseSubsetPath(`${url}x`)).toBeNull();
    setSubsetSigningKey("another key");
    expect(parseSubsetPath(url)).toBeNull();
    setSubsetSigningKey(null);
    expect(parseSubsetPath(url)).toBeNull();
    expect(subsetUrl("zh", points("中文"))).toBeNull();
  });

  it("are not written for an empty set or one past the bound", () => {
    expect(subsetUrl("zh", [])).toBeNull();
    expect(
      subsetUrl(
        "zh",
        Array.from({ length: MAX_SUBSET_CODE_POINTS + 1 }, (_, i) => 0x4e00 + i),
      ),
    ).toBeNull();
  });
});

describe("SubsetMaker", () => {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), "font-subsets-"));
  const maker = new SubsetMaker({ cacheDir, diskFiles: 2, queue: 2 });
  afterAll(async () => {
    await maker.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it("makes a woff2 with exactly the set's characters, once, and keeps a bounded number on disk", async () => {
    const set = points("防关联浏览器，一台电脑管理多个账号。");
    const font = await maker.get("zh", set, "zh-a")!;
    expect(font.subarray(0, 4).toString("latin1")).toBe("wOF2");
    expect(await mapped(font)).toEqual(set);
    // About 130 bytes a glyph, static regular.
    expect(font.length).toBeLessThan(set.length * 250 + 2000);
    expect(await maker.get("zh", set, "zh-a")).toBe(font);

    expect(await mapped(await maker.get("jp", points("ひらがなとカタカナ"), "jp-b")!)).toEqual(points("ひらがなとカタカナ"));
    await maker.get("tc", points("繁體中文"), "tc-c");
    expect(readdirSync(cacheDir).filter((f) => f.endsWith(".woff2"))).toHaveLength(2);
  }, 60_000);

  it("refuses work past its queue instead of queueing it", async () => {
    const busy = [maker.get("zh", points("甲"), "q1"), maker.get("zh", points("乙"), "q2")];
    expect(maker.get("zh", points("丙"), "q3")).toBeNull();
    // The same font asked again joins the one being made.
    expect(maker.get("zh", points("甲"), "q1")).toBe(busy[0]);
    await Promise.all(busy);
  }, 60_000);
});
