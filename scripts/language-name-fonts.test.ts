import path from "node:path";
import { existsSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../app/i18n/languages";
import { NAME_FONTS, nameFaces, nameFontsCss, scriptCodePoints } from "./language-name-fonts";

const root = path.resolve(__dirname, "..");

describe("the language names' fonts", () => {
  const faces = nameFaces(root);

  it("are up to date with the names (run npx tsx scripts/language-name-fonts.ts after changing one)", () => {
    expect(readFileSync(path.join(root, "app/fonts/generated/language-names/names.css"), "utf8")).toBe(nameFontsCss(faces));
    for (const f of faces) expect(existsSync(path.join(root, "app/fonts/generated/language-names", f.file)), f.file).toBe(true);
  });

  it("carry every letter of every name no Latin font draws, in the name's own family", () => {
    for (const language of LANGUAGES) {
      const needed = scriptCodePoints(language.nativeName);
      const entry = NAME_FONTS[language.key];
      if (!entry) {
        expect(needed, `${language.nativeName} needs a name font`).toEqual([]);
        continue;
      }
      const carried = faces.filter((f) => f.lang === language.key && f.family === entry.family).flatMap((f) => f.codePoints);
      expect(carried.sort()).toEqual(needed.sort());
    }
  });

  it("stay tiny: a few kilobytes in all, however many names", () => {
    const bytes = faces.reduce((sum, f) => sum + statSync(path.join(root, "app/fonts/generated/language-names", f.file)).size, 0);
    expect(bytes).toBeLessThan(30_000);
  });
});
