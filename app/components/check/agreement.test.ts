import { describe, expect, it } from "vitest";
import {
  automationSignals,
  headerFitsLanguages,
  languagesFitCountry,
  mainLanguageOf,
  timeZoneFitsCountry,
  userAgentVersusHints,
  type AutomationSnapshot,
} from "./agreement";

const CHROME_WIN = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const HEADLESS = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";
const chromeHints = (version: string, platform: string, mobile = false) => ({
  brands: [
    { brand: "Google Chrome", version },
    { brand: "Chromium", version },
    { brand: "Not_A Brand", version: "24" },
  ],
  platform,
  mobile,
});

describe("timeZoneFitsCountry", () => {
  it("agrees when the zone is one of the country's, links and shared zones included", () => {
    expect(timeZoneFitsCountry("America/New_York", "US")).toBe("agrees");
    expect(timeZoneFitsCountry("Asia/Calcutta", "IN")).toBe("agrees");
    expect(timeZoneFitsCountry("Europe/Berlin", "de")).toBe("agrees");
    expect(timeZoneFitsCountry("Asia/Shanghai", "CN")).toBe("agrees");
  });
  it("differs for another country's zone and for zones that are no place", () => {
    expect(timeZoneFitsCountry("Asia/Tokyo", "US")).toBe("differs");
    expect(timeZoneFitsCountry("America/New_York", "DE")).toBe("differs");
    expect(timeZoneFitsCountry("UTC", "GB")).toBe("differs");
    expect(timeZoneFitsCountry("Etc/GMT+3", "BR")).toBe("differs");
  });
  it("cannot say without a country or for an unknown zone", () => {
    expect(timeZoneFitsCountry("Europe/Paris", null)).toBe("unknown");
    expect(timeZoneFitsCountry(undefined, "FR")).toBe("unknown");
    expect(timeZoneFitsCountry("Mars/Olympus", "FR")).toBe("unknown");
  });
});

describe("languages against the country", () => {
  it("takes a country's main language from CLDR likely subtags", () => {
    expect(mainLanguageOf("DE")).toBe("de");
    expect(mainLanguageOf("br")).toBe("pt");
    expect(mainLanguageOf("TH")).toBe("th");
    expect(mainLanguageOf("XX1")).toBeNull();
  });
  it("agrees when any browser language is that language", () => {
    expect(languagesFitCountry(["en-US", "de-DE"], "DE")).toEqual({ agreement: "agrees", main: "de" });
    expect(languagesFitCountry(["en-US"], "JP")).toEqual({ agreement: "differs", main: "ja" });
    expect(languagesFitCountry([], "JP").agreement).toBe("unknown");
    expect(languagesFitCountry(["en"], null).agreement).toBe("unknown");
  });
  it("compares Accept-Language's first language with the browser's first", () => {
    expect(headerFitsLanguages("en-US,en;q=0.9", ["en-US", "en"])).toBe("agrees");
    expect(headerFitsLanguages("de-DE,de;q=0.9", ["en-US"])).toBe("differs");
    expect(headerFitsLanguages(undefined, ["en-US"])).toBe("unknown");
  });
});

describe("userAgentVersusHints", () => {
  it("finds nothing when the user agent and its hints agree", () => {
    expect(userAgentVersusHints(CHROME_WIN, chromeHints("131", "Windows"))).toEqual([]);
    expect(userAgentVersusHints(FIREFOX_LINUX, null)).toEqual([]);
  });
  it("flags an edited version, platform or mobile flag", () => {
    expect(userAgentVersusHints(CHROME_WIN, chromeHints("129", "Windows"))).toEqual(["version"]);
    expect(userAgentVersusHints(CHROME_WIN, chromeHints("131", "macOS"))).toEqual(["platform"]);
    expect(userAgentVersusHints(CHROME_WIN, chromeHints("131", "Windows", true))).toEqual(["mobile"]);
  });
  it("flags a Chrome without hints and a Firefox with them", () => {
    expect(userAgentVersusHints(CHROME_WIN, null)).toEqual(["hintsMissing"]);
    expect(userAgentVersusHints(FIREFOX_LINUX, chromeHints("131", "Linux"))).toContain("hintsUnexpected");
  });
});

describe("automationSignals", () => {
  const ordinary: AutomationSnapshot = {
    webdriver: false,
    userAgent: CHROME_WIN,
    pluginCount: 5,
    mimeTypeCount: 2,
    hasWindowChrome: true,
    languageCount: 2,
    outerWidth: 1280,
    outerHeight: 800,
    notificationPermission: "default",
    notificationsQuery: "prompt",
  };
  it("finds none in an ordinary desktop Chrome", () => {
    expect(automationSignals(ordinary)).toEqual([]);
  });
  it("names each tell", () => {
    expect(automationSignals({ ...ordinary, webdriver: true })).toEqual(["webdriver"]);
    expect(automationSignals({ ...ordinary, userAgent: HEADLESS })).toEqual(["headlessUserAgent"]);
    expect(automationSignals({ ...ordinary, pluginCount: 0, mimeTypeCount: 0 })).toEqual(["noPlugins"]);
    expect(automationSignals({ ...ordinary, hasWindowChrome: false })).toEqual(["noWindowChrome"]);
    expect(automationSignals({ ...ordinary, outerWidth: 0, outerHeight: 0 })).toEqual(["zeroWindow"]);
    expect(automationSignals({ ...ordinary, notificationPermission: "denied" })).toEqual(["permissionsInconsistent"]);
    expect(automationSignals({ ...ordinary, languageCount: 0 })).toEqual(["noLanguages"]);
  });
  it("does not expect plugins from Firefox or a phone", () => {
    expect(automationSignals({ ...ordinary, userAgent: FIREFOX_LINUX, pluginCount: 0, mimeTypeCount: 0, hasWindowChrome: false })).toEqual([]);
  });
});
