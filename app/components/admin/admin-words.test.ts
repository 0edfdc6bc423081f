import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { MessageTree } from "~/i18n/namespaces";
import { ADMIN_LOCALES } from "../../../server/i18n/admin-words.server";
import { ADMIN_LANGS } from "./admin-lang";
import { adminTranslator, wordsOfMatches } from "./admin-words";

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** A plural form is `key_<category>` beside a `key_other` (so a code such as `too_many` alone is a plain key). */
function pluralBase(node: MessageTree, key: string): string | null {
  const base = key.replace(PLURAL, "");
  return base !== key && typeof node[`${base}_other`] === "string" ? base : null;
}

/** Every message of a tree as "dotted.key" → the names of its placeholders (plural forms under their common key, with count). */
function messagesOf(tree: MessageTree, prefix = ""): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  const walk = (node: MessageTree, path: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "object") {
        walk(value, `${path}${key}.`);
        continue;
      }
      const plural = pluralBase(node, key);
      const base = `${path}${plural ?? key}`;
      const names = out.get(base) ?? new Set<string>();
      if (plural) names.add("count");
      for (const [, name] of value.matchAll(PLACEHOLDER)) names.add(name!);
      out.set(base, names);
    }
  };
  walk(tree, prefix);
  return new Map([...out].map(([key, names]) => [key, [...names].sort()]));
}

/** The plural forms a language's messages have, by common key. */
function pluralFormsOf(tree: MessageTree, path = ""): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "object") for (const [k, v] of pluralFormsOf(value, `${path}${key}.`)) out.set(k, v);
    else if (pluralBase(tree, key)) {
      const base = `${path}${pluralBase(tree, key)}`;
      out.set(base, [...(out.get(base) ?? []), PLURAL.exec(key)![1]!].sort());
    }
  }
  return out;
}

describe("the staff area's words (app/admin-locales)", () => {
  const folder = (lang: string) => fileURLToPath(new URL(`../../admin-locales/${lang}/`, import.meta.url));
  const namespaces = Object.keys(ADMIN_LOCALES.en).sort();

  it("has one file per namespace in each language, and the server serves every file", () => {
    for (const lang of ADMIN_LANGS) {
      const files = readdirSync(folder(lang))
        .map((f) => f.replace(/\.json$/, ""))
        .sort();
      expect(files, lang).toEqual(namespaces);
      expect(Object.keys(ADMIN_LOCALES[lang]).sort(), lang).toEqual(namespaces);
    }
  });

  it.each(namespaces)("%s: English and Chinese have the same keys and the same placeholders", (ns) => {
    const en = messagesOf(ADMIN_LOCALES.en[ns as keyof (typeof ADMIN_LOCALES)["en"]]);
    const zh = messagesOf(ADMIN_LOCALES.zh[ns as keyof (typeof ADMIN_LOCALES)["zh"]]);
    expect(Object.fromEntries(zh)).toEqual(Object.fromEntries(en));
  });

  it.each(namespaces)("%s: a plural has exactly the forms the language's rules pick from", (ns) => {
    for (const lang of ADMIN_LANGS) {
      const categories = [...new Intl.PluralRules(lang === "zh" ? "zh-CN" : "en").resolvedOptions().pluralCategories].sort();
      for (const [key, forms] of pluralFormsOf(ADMIN_LOCALES[lang][ns as keyof (typeof ADMIN_LOCALES)["en"]]))
        expect(forms, `${lang} ${ns}.${key}`).toEqual(categories);
    }
  });
});

describe("adminTranslator", () => {
  const words = (lang: "en" | "zh") => ({ staff: ADMIN_LOCALES[lang].staff, account: ADMIN_LOCALES[lang].account });

  it("fills placeholders, in each language's order", () => {
    expect(adminTranslator("en", words("en"), "staff", "page").t("count", { active: 2, all: 3 })).toBe("2 active of 3");
    expect(adminTranslator("zh", words("zh"), "staff", "page").t("count", { active: 2, all: 3 })).toBe("共 3 个，正常 2 个");
  });

  it("picks the plural form by count", () => {
    const en = adminTranslator("en", words("en"), "account", "sessions").t;
    expect(en("count", { count: 1 })).toBe("1 active session");
    expect(en("count", { count: 4 })).toBe("4 active sessions");
    expect(adminTranslator("zh", words("zh"), "account", "sessions").t("count", { count: 1 })).toBe("1 个活动会话");
  });

  it("gives a key it was not sent back as itself, and `maybe` gives undefined", () => {
    const { t, maybe } = adminTranslator("en", {}, "staff", "page");
    expect(t("title")).toBe("title");
    expect(maybe("title")).toBeUndefined();
  });

  it("merges the words every matched route sent", () => {
    const merged = wordsOfMatches([
      { data: { adminWords: { shell: { a: "1" } } } },
      undefined,
      { loaderData: { adminWords: { staff: { b: "2" } } } },
      { data: null },
    ]);
    expect(merged).toEqual({ shell: { a: "1" }, staff: { b: "2" } });
  });
});
