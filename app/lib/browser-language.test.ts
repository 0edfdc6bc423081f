import { describe, expect, it } from "vitest";
import { LANGUAGE_TABLE, pickSiteLanguage, siteLanguageFor, suggestedLanguage } from "./browser-language";

describe("siteLanguageFor", () => {
  it.each([
    [["en-US"], "en"],
    [["zh-CN"], "zh"],
    [["zh-TW"], "tc"],
    [["zh-HK", "en"], "tc"],
    [["vi-VN"], "vn"],
    [["ja"], "jp"],
    [["pt-PT"], "pt"],
    [["uk-UA"], "uk"],
    [["it-IT", "fr-FR"], "fr"],
    [["it-IT", "id-ID"], null],
    [[], null],
  ])("%j → %s", (locales, expected) => {
    expect(siteLanguageFor(locales)).toBe(expected);
  });
});

describe("suggestedLanguage", () => {
  it("suggests the browser's language only when the page is in another one", () => {
    expect(suggestedLanguage(LANGUAGE_TABLE, ["en-US"], "zh-Hans", pickSiteLanguage)).toBe("en");
    expect(suggestedLanguage(LANGUAGE_TABLE, ["zh-CN"], "zh-Hans", pickSiteLanguage)).toBeNull();
    expect(suggestedLanguage(LANGUAGE_TABLE, ["zh-TW"], "zh-Hans", pickSiteLanguage)).toBe("tc");
    expect(suggestedLanguage(LANGUAGE_TABLE, ["ja-JP"], "ja", pickSiteLanguage)).toBeNull();
    expect(suggestedLanguage(LANGUAGE_TABLE, ["id-ID"], "en", pickSiteLanguage)).toBeNull();
  });
});
