/**
 * Fonts for the share images (docs/decisions/0031): for the text of one image, the slices of the
 * installed @fontsource-variable Noto packages whose unicode-range holds its characters, each cut
 * down to just those characters and pinned to one weight (satori reads TrueType, not woff2 or
 * variable fonts). Every slice gets its own family name: satori falls back from one family to the
 * next in `fontFamily`, and two scripts under one name left one of them blank.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { LangKey } from "~/i18n/languages";

interface Slice {
  file: string;
  ranges: [number, number][];
}

export interface ShareFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: "normal";
}

const require = createRequire(import.meta.url);

function packageDir(pkg: string): string {
  return path.dirname(require.resolve(`${pkg}/package.json`));
}

/**
 * The slices of a fontsource variable package, from its wght.css, with the files' paths: the
 * named subsets in the order given, or (no names) its numbered CJK slices in the file's order.
 */
export function slicesOf(pkg: string, subsets?: readonly string[]): Slice[] {
  const dir = packageDir(pkg);
  const css = fs.readFileSync(path.join(dir, "wght.css"), "utf8");
  const out: (Slice & { order: number })[] = [];
  for (const [, name = "", body = ""] of css.matchAll(/\/\*\s*([^*]+?)-wght-normal\s*\*\/\s*@font-face\s*{([^}]*)}/g)) {
    const order = subsets ? subsets.findIndex((s) => name.endsWith(`-${s}`)) : /-\[\d+\]$/.test(name) ? out.length : -1;
    if (order === -1) continue;
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(",").map((part): [number, number] => {
      const [, from = "0", to = from] = /U\+([0-9a-f]+)(?:-([0-9a-f]+))?/i.exec(part) ?? [];
      return [parseInt(from, 16), parseInt(to, 16)];
    });
    out.push({ file: path.join(dir, "files", file), ranges, order });
  }
  return out.sort((a, b) => a.order - b.order).map(({ file, ranges }) => ({ file, ranges }));
}

const CJK: Record<string, string> = { jp: "@fontsource-variable/noto-sans-jp", tc: "@fontsource-variable/noto-sans-tc" };
const SC = "@fontsource-variable/noto-sans-sc";
const NOTO_SANS = "@fontsource-variable/noto-sans";

const cache = new Map<string, Slice[]>();

/**
 * Noto Sans' own slices; where the package is not installed yet (a deployment that has not run
 * npm install since it was added), the copies of its Latin and Cyrillic in the Thai and SC packages,
 * which lack the Ukrainian і, ї, є and ґ, rather than no share images at all.
 */
function notoSans(): Slice[] {
  try {
    return slicesOf(NOTO_SANS, ["latin", "vietnamese", "latin-ext", "cyrillic", "cyrillic-ext", "greek"]);
  } catch {
    return [
      ...slicesOf("@fontsource-variable/noto-sans-thai", ["latin"]),
      ...slicesOf(SC, ["vietnamese"]),
      ...slicesOf("@fontsource-variable/noto-sans-thai", ["latin-ext"]),
      ...slicesOf(SC, ["cyrillic"]),
    ];
  }
}

/**
 * Where each character is looked for, in order: Noto Sans (Latin, then Vietnamese before Latin
 * Extended, whose copy drew ơ and ư blank in bold; Cyrillic with the Ukrainian letters the CJK
 * fonts' Cyrillic slices lack), Thai, Devanagari, then the Han and kana slices of the page's own
 * CJK font (Japanese and Traditional Chinese draw some characters differently), then Simplified
 * Chinese for anything left.
 */
export function slicesFor(lang: LangKey): Slice[] {
  const key = CJK[lang] ?? SC;
  let found = cache.get(key);
  if (!found) {
    found = [
      ...notoSans(),
      ...slicesOf("@fontsource-variable/noto-sans-thai", ["thai"]),
      ...slicesOf("@fontsource-variable/noto-sans-devanagari", ["devanagari"]),
      ...slicesOf(key),
      ...(key === SC ? [] : slicesOf(SC)),
    ];
    cache.set(key, found);
  }
  return found;
}

/** The fonts that draw `text` at the given weights, and the family list that names them in order. */
/**
 * subset-font instantiates harfbuzz's WebAssembly when imported: two memories of 16 MB that a
 * process drawing no share image (most start with every image on disk) should not hold (0039).
 */
const loadSubsetFont = async () => (await import("subset-font")).default;

export async function fontsFor(text: string, lang: LangKey, weights: readonly (400 | 700)[] = [400, 700]): Promise<{ fonts: ShareFont[]; family: string }> {
  const slices = slicesFor(lang);
  const bySlice = new Map<number, Set<string>>();
  for (const char of new Set(text.replace(/\s/g, ""))) {
    const point = char.codePointAt(0)!;
    const index = slices.findIndex((s) => s.ranges.some(([a, b]) => point >= a && point <= b));
    if (index === -1) continue; // nothing of ours draws it: satori leaves it out
    const set = bySlice.get(index) ?? new Set<string>();
    set.add(char);
    bySlice.set(index, set);
  }
  // The Latin slice always: spaces and digits, and the first family satori measures with.
  if (!bySlice.has(0)) bySlice.set(0, new Set());
  bySlice.get(0)!.add(" ");
  const order = [...bySlice.keys()].sort((a, b) => a - b);
  const fonts = await Promise.all(
    order.flatMap((index) =>
      weights.map(async (weight): Promise<ShareFont> => {
        const chars = [...bySlice.get(index)!].join("");
        const data = await (await loadSubsetFont())(fs.readFileSync(slices[index]!.file), chars, { targetFormat: "truetype", variationAxes: { wght: weight } });
        return { name: `Share${index}`, data, weight, style: "normal" };
      }),
    ),
  );
  return { fonts, family: order.map((i) => `Share${i}`).join(", ") };
}
