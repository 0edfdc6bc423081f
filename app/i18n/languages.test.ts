import { describe, expect, it } from "vitest";
import { fallbackChain, LANGUAGES, LANG_KEYS, resolveLang } from "./languages";

describe("languages", () => {
  it("lists the 13 site languages of the spec, in its order", () => {
    expect(LANG_KEYS).toEqual(["zh", "en", "ru", "vn", "es", "pt", "tc", "tr", "th", "fr", "uk", "hi", "jp"]);
  });
  it("gives every language a valid, canonical BCP-47 tag", () => {
    for (const l of LANGUAGES) expect(Intl.getCanonicalLocales(l.tag)[0]).toBe(l.tag);
    const tags = Object.fromEntries(LANGUAGES.map((l) => [l.key, l.tag]));
    expect(tags).toMatchObject({ vn: "vi", jp: "ja", tc: "zh-Hant", zh: "zh-Hans" });
  });
  it("resolves missing or unknown values to English", () => {
    expect(resolveLang("zh")).toBe("zh");
    expect(resolveLang("xx")).toBe("en");
    expect(resolveLang(undefined)).toBe("en");
    expect(resolveLang(["zh"])).toBe("en");
  });
  it("borrows traditional Chinese from simplified, then English; everything else from English", () => {
    expect(fallbackChain("tc")).toEqual(["tc", "zh", "en"]);
    expect(fallbackChain("th")).toEqual(["th", "en"]);
    expect(fallbackChain("zh")).toEqual(["zh", "en"]);
    expect(fallbackChain("en")).toEqual(["en"]);
  });
});
