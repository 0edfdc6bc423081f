import { describe, expect, it } from "vitest";
import { siteLanguageFor } from "./browser-language";

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
