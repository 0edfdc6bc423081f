import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getLanguage, LANG_KEYS, type LangKey } from "~/i18n/languages";

const LOCALES = path.resolve("app/locales");

function flatten(obj: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}

const namespaces = fs.readdirSync(path.join(LOCALES, "en")).filter((f) => f.endsWith(".json"));

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a language must have: English's, plus every plural form its grammar uses (Russian
 * "few" and "many", French "many"…) for each English plural pair, and nothing else.
 */
function expectedKeys(enKeys: string[], lang: LangKey): string[] {
  const categories = new Intl.PluralRules(getLanguage(lang).tag).resolvedOptions().pluralCategories;
  const bases = new Set(enKeys.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")));
  const keys = new Set(enKeys);
  for (const base of bases) for (const c of categories) keys.add(`${base}_${c}`);
  return [...keys].sort();
}

describe.each(LANG_KEYS.filter((l) => l !== "en"))("locale %s", (lang) => {
  it.each(namespaces)("%s has exactly the English keys, all filled in, with the same placeholders", (file) => {
    const en = flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, "en", file), "utf8")));
    const target = path.join(LOCALES, lang, file);
    expect(fs.existsSync(target), `${lang}/${file} is missing`).toBe(true);
    const other = flatten(JSON.parse(fs.readFileSync(target, "utf8")));
    expect(Object.keys(other).sort()).toEqual(expectedKeys(Object.keys(en), lang));
    for (const key of Object.keys(other)) {
      const value = en[key] ?? en[key.replace(PLURAL, "_other")]!;
      expect(other[key]!.trim(), `${lang}/${file}: ${key} is empty`).not.toBe("");
      const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(other[key]!), `${lang}/${file}: ${key} placeholders`).toEqual(placeholders(value));
    }
  });
});

describe("demo content", () => {
  it("has site settings in every language", () => {
    for (const lang of LANG_KEYS) {
      const file = path.resolve("content/site", `${lang}.json`);
      const data = JSON.parse(fs.readFileSync(file, "utf8"));
      expect(data.title, lang).toBeTruthy();
      expect(data.description, lang).toBeTruthy();
    }
  });
});
