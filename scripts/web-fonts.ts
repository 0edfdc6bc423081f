/**
 * Writes app/fonts/generated/*.css: the @font-face rules of the web fonts for Chinese, Japanese,
 * Thai and Devanagari (docs/decisions/0023), taken from the installed @fontsource-variable packages.
 * Only each script's own slices are kept, without Latin code points (the stacks put the web font
 * before the system Latin fonts, so it must never claim a letter, digit or space) or emoji, and the
 * family names are ours, so a font installed under the package's name never stands in for it.
 * Thai and Devanagari, one slice each, are cut to one static regular weight (`staticWeight`; bold
 * is synthesized, as for the CJK page subsets of 0036): a page held for its font (0023) waits for
 * one file of 40 KB instead of the variable font's 121 KB for Devanagari (docs/decisions/0044).
 *
 *   npx tsx scripts/web-fonts.ts           write the files
 *   npx tsx scripts/web-fonts.ts --check   exit 1 when a file differs from what the packages give
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import { unicodeRangeParts } from "../app/fonts/unicode-range";

export interface WebFont {
  /** The output file under app/fonts/generated/. */
  file: string;
  pkg: string;
  family: string;
  /** Slices of the package to leave out, by the name fontsource gives them. */
  skipSubsets: readonly string[];
  /**
   * Serve each slice as a static instance at this weight, cut at generation time and kept beside the
   * stylesheet, rather than the package's variable file (whose weight axis triples its size).
   */
  staticWeight?: number;
}

export const WEB_FONTS: readonly WebFont[] = [
  { file: "zh-hans.css", pkg: "@fontsource-variable/noto-sans-sc", family: "Noto Sans SC Web", skipSubsets: ["latin", "latin-ext", "cyrillic", "vietnamese"] },
  { file: "zh-hant.css", pkg: "@fontsource-variable/noto-sans-tc", family: "Noto Sans TC Web", skipSubsets: ["latin", "latin-ext", "cyrillic", "vietnamese"] },
  { file: "ja.css", pkg: "@fontsource-variable/noto-sans-jp", family: "Noto Sans JP Web", skipSubsets: ["latin", "latin-ext", "cyrillic", "vietnamese"] },
  { file: "th.css", pkg: "@fontsource-variable/noto-sans-thai", family: "Noto Sans Thai Web", skipSubsets: ["latin", "latin-ext"], staticWeight: 400 },
  {
    file: "hi.css",
    pkg: "@fontsource-variable/noto-sans-devanagari",
    family: "Noto Sans Devanagari Web",
    skipSubsets: ["latin", "latin-ext"],
    staticWeight: 400,
  },
];

/**
 * Code points left to other fonts: Latin and general punctuation (the system fonts after the web font
 * in each stack draw them; the CJK packages put space, digits and ASCII punctuation in a slice), but
 * not the zero-width joiners that Devanagari and Thai shaping needs in the same font as the letters,
 * and supplementary-plane symbols such as emoji (the platform's colour emoji font).
 */
const NOT_OURS: readonly [number, number][] = [
  [0x0000, 0x02ff],
  [0x2000, 0x200b],
  [0x200e, 0x206f],
  [0x1f000, 0x10ffff],
];

/** A range minus the code points in NOT_OURS (possibly split in two, or gone). */
export function withoutOtherScripts(ranges: readonly [number, number][]): [number, number][] {
  let out = ranges.map(([a, b]) => [a, b] as [number, number]);
  for (const [lo, hi] of NOT_OURS) {
    out = out.flatMap(([a, b]): [number, number][] => {
      if (b < lo || a > hi) return [[a, b]];
      const parts: [number, number][] = [];
      if (a < lo) parts.push([a, lo - 1]);
      if (b > hi) parts.push([hi + 1, b]);
      return parts;
    });
  }
  return out;
}

export interface Slice {
  subset: string;
  fileName: string;
  ranges: [number, number][];
}

/** The slices of a fontsource variable package's wght.css, in the order it declares them. */
export function parseFontsourceCss(css: string): Slice[] {
  const slices: Slice[] = [];
  const block = /\/\*\s*([^*]+?)-wght-normal\s*\*\/\s*@font-face\s*{([^}]*)}/g;
  for (const [, name = "", body = ""] of css.matchAll(block)) {
    const fileName = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!fileName || !range) throw new Error(`unexpected @font-face for ${name}`);
    const subset = /-\[(\d+)\]$/.exec(name)?.[1] ?? name.replace(/^noto-sans-[a-z]+-/, "");
    slices.push({ subset, fileName, ranges: parseUnicodeRange(range) });
  }
  if (slices.length === 0) throw new Error("no @font-face found");
  return slices;
}

function parseUnicodeRange(value: string): [number, number][] {
  return unicodeRangeParts(value).map((range, i) => {
    if (!range) throw new Error(`unexpected unicode-range part "${value.split(",")[i]}"`);
    return range;
  });
}

function formatRange([from, to]: [number, number]): string {
  const hex = (n: number) => n.toString(16);
  return from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`;
}

/** The slices a stylesheet declares: the package's own, without the skipped ones and other scripts' code points. */
function servedSlices(font: WebFont, slices: Slice[]): Slice[] {
  return slices
    .filter((s) => !font.skipSubsets.includes(s.subset))
    .map((s) => ({ ...s, ranges: withoutOtherScripts(s.ranges) }))
    .filter((s) => s.ranges.length > 0);
}

/** The file a static cut of a slice is written to, beside the stylesheet. */
export function staticFileName(font: WebFont, slice: Slice): string {
  return `${font.file.replace(/\.css$/, "")}-${slice.subset}-${font.staticWeight}.woff2`;
}

export function fontFaceCss(font: WebFont, version: string, slices: Slice[]): string {
  const faces = servedSlices(font, slices).map((s) =>
    font.staticWeight
      ? `@font-face{font-family:"${font.family}";font-style:normal;font-weight:${font.staticWeight};font-display:swap;` +
        `src:url("./${staticFileName(font, s)}") format("woff2");unicode-range:${s.ranges.map(formatRange).join(",")}}`
      : `@font-face{font-family:"${font.family}";font-style:normal;font-weight:100 900;font-display:swap;` +
        `src:url("${font.pkg}/files/${s.fileName}") format("woff2");unicode-range:${s.ranges.map(formatRange).join(",")}}`,
  );
  return `/* Generated by scripts/web-fonts.ts from ${font.pkg} ${version}; do not edit. */\n${faces.join("\n")}\n`;
}

function packageOf(root: string, font: WebFont) {
  const require = createRequire(path.join(root, "package.json"));
  const dir = path.dirname(require.resolve(`${font.pkg}/package.json`));
  const { version } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string };
  return { dir, version, slices: parseFontsourceCss(readFileSync(path.join(dir, "wght.css"), "utf8")) };
}

export function generate(root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const font of WEB_FONTS) {
    const { version, slices } = packageOf(root, font);
    out.set(path.join(root, "app/fonts/generated", font.file), fontFaceCss(font, version, slices));
  }
  return out;
}

/**
 * The static cuts of the fonts that have a `staticWeight`: every code point of the slice's range,
 * the weight axis pinned, the layout tables kept (harfbuzz keeps what shaping those code points
 * can reach: conjuncts, reordering, marks).
 */
export async function generateStaticFonts(root: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const font of WEB_FONTS) {
    if (!font.staticWeight) continue;
    const { dir, slices } = packageOf(root, font);
    for (const slice of servedSlices(font, slices)) {
      const text = slice.ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join("");
      const cut = await subsetFont(readFileSync(path.join(dir, "files", slice.fileName)), text, {
        targetFormat: "woff2",
        variationAxes: { wght: font.staticWeight },
      });
      out.set(path.join(root, "app/fonts/generated", staticFileName(font, slice)), cut);
    }
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const check = process.argv.includes("--check");
  let stale = 0;
  const files: [string, string | Buffer][] = [...generate(root), ...(await generateStaticFonts(root))];
  for (const [file, content] of files) {
    let current: Buffer | null = null;
    try {
      current = readFileSync(file);
    } catch {
      // Not written yet: it is stale.
    }
    if (current?.equals(Buffer.from(content))) continue;
    stale++;
    if (check) console.error(`${path.relative(root, file)} is out of date: run npx tsx scripts/web-fonts.ts`);
    else {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
      console.log(`wrote ${path.relative(root, file)} (${content.length} bytes)`);
    }
  }
  if (check && stale) process.exit(1);
}
