// subset-font ships no types: the calls scripts/language-name-fonts.ts, the share images
// (server/infrastructure/share-fonts.server.ts) and the page subsets (app/fonts/font-subsets.server.ts) make.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "truetype" | "woff" | "woff2";
      preserveNameIds?: number[];
      variationAxes?: Record<string, number>;
      keepAllGlyphs?: boolean;
      dropTables?: string[];
      noHinting?: boolean;
    },
  ): Promise<Buffer>;
}
