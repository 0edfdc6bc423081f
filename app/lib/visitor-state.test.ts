import { describe, expect, it } from "vitest";
import { detectSystem } from "./detect-system";
import { VISITOR_STATE_SCRIPT } from "./visitor-state";

/** Runs the head script against a stand-in document and returns the attributes it put on <html>. */
function run(cookie: string, userAgent: string, platform: string, fontsInstalled?: boolean | "as wide as monospace", languages: string[] = ["th-TH"]) {
  const attributes = new Map<string, string>();
  const html = {
    lang: "th",
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    removeAttribute: (name: string) => attributes.delete(name),
  };
  let measuring = "";
  const measures: string[] = [];
  const canvas = {
    getContext: () => ({
      set font(value: string) {
        measuring = value;
      },
      // Without the named fonts, text in "<stack>, generic" measures as the generic alone.
      measureText: () => {
        measures.push(measuring);
        const named = fontsInstalled && measuring.includes("Noto Sans Thai");
        return { width: named ? (fontsInstalled === "as wide as monospace" ? 80 : 100) : measuring.endsWith("serif") ? 90 : 80 };
      },
    }),
  };
  const listeners: Array<[type: string, listener: () => void]> = [];
  const document = {
    cookie,
    readyState: "loading",
    body: { offsetWidth: 1280 },
    documentElement: html,
    fonts: fontsInstalled === undefined ? undefined : { load: () => Promise.resolve([]), ready: Promise.resolve() },
    createElement: () => canvas,
    addEventListener: (type: string, listener: () => void) => listeners.push([type, listener]),
    removeEventListener: (type: string, listener: () => void) => {
      const i = listeners.findIndex(([t, l]) => t === type && l === listener);
      if (i >= 0) listeners.splice(i, 1);
    },
  };
  /** The parser moving the document on, as the browser tells the page. */
  const advance = (readyState: "interactive" | "complete", event: string) => {
    document.readyState = readyState;
    for (const [type, listener] of [...listeners]) if (type === event) listener();
  };
  const getComputedStyle = () => ({ getPropertyValue: () => ' "Noto Sans Thai", Thonburi, "Noto Sans Thai Web"' });
  new Function("document", "navigator", "getComputedStyle", "setTimeout", VISITOR_STATE_SCRIPT)(
    document,
    { userAgent, platform, languages },
    getComputedStyle,
    () => 0,
  );
  return { ...Object.fromEntries(attributes), measures, attributes, advance, listeners };
}

const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";
const LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36";

describe("the visitor-state head script", () => {
  it("marks the banners the visitor has answered", () => {
    expect(run("a=1; cookie_consent=accepted; phishing_notice=seen", LINUX, "Linux x86_64")).toMatchObject({
      "data-consent-answered": "",
      "data-phishing-seen": "",
    });
    expect(run("a=1", LINUX, "Linux x86_64")).not.toHaveProperty("data-consent-answered");
  });

  it("foresees the language prompt before the first paint, so the cookie banner waits behind it", () => {
    // The page is Thai (html lang="th").
    expect(run("", LINUX, "Linux x86_64", undefined, ["en-US", "en"])).toHaveProperty("data-lang-prompt");
    expect(run("", LINUX, "Linux x86_64", undefined, ["it-IT", "zh-TW"])).toHaveProperty("data-lang-prompt");
    expect(run("", LINUX, "Linux x86_64", undefined, ["th-TH", "en"])).not.toHaveProperty("data-lang-prompt");
    expect(run("", LINUX, "Linux x86_64", undefined, ["it-IT"])).not.toHaveProperty("data-lang-prompt");
    // Answered once: never again.
    expect(run("lang_prompt=answered", LINUX, "Linux x86_64", undefined, ["en-US"])).not.toHaveProperty("data-lang-prompt");
    expect(run("a=1; lang_prompt=answered", LINUX, "Linux x86_64", undefined, ["en-US"])).not.toHaveProperty("data-lang-prompt");
  });

  it("marks the system the download page puts first, as detectSystem decides", () => {
    expect(run("", WINDOWS, "Win32")).toMatchObject({ "data-os": "win64" });
    expect(run("", LINUX, "Linux x86_64")).toMatchObject({ "data-os": "linux" });
    expect(run("", MAC, "MacIntel")).toMatchObject({ "data-os": "mac-arm64", "data-os-also": "mac-x64" });
    expect(run("", ANDROID, "Linux armv8l")).not.toHaveProperty("data-os");
    expect(detectSystem(MAC, "MacIntel", "x86")).toEqual({ systems: ["mac-x64"], certain: true });
  });

  it("holds a Thai page for its web font only when the machine has none of the named Thai fonts", () => {
    expect(run("", LINUX, "Linux x86_64", false)).toHaveProperty("data-fonts-wait");
    expect(run("", LINUX, "Linux x86_64", true)).not.toHaveProperty("data-fonts-wait");
  });

  it("shows a held page once its text is parsed and its fonts are in, without waiting for the page's scripts", async () => {
    const page = run("", LINUX, "Linux x86_64", false);
    expect(page.attributes.has("data-fonts-wait")).toBe(true);
    // Module scripts run between the end of parsing ("interactive") and DOMContentLoaded: on a slow
    // phone that is their download and execution, which the first paint must not wait for.
    page.advance("interactive", "readystatechange");
    await Promise.resolve();
    expect(page.attributes.has("data-fonts-wait")).toBe(false);
    expect(page.listeners.filter(([type]) => type === "readystatechange")).toHaveLength(0);
  });

  it("keeps a held page hidden while the document is still being parsed", async () => {
    const page = run("", LINUX, "Linux x86_64", false);
    await Promise.resolve();
    expect(page.attributes.has("data-fonts-wait")).toBe(true);
  });

  it("measures against the second generic only when the first could not tell", () => {
    // Each measure makes the browser look for a fallback font: on a machine with many fonts that costs before the first paint.
    expect(run("", LINUX, "Linux x86_64", true).measures).toHaveLength(2);
    const lookalike = run("", LINUX, "Linux x86_64", "as wide as monospace");
    expect(lookalike).not.toHaveProperty("data-fonts-wait");
    expect(lookalike.measures).toHaveLength(4);
    expect(run("", LINUX, "Linux x86_64", false).measures).toHaveLength(4);
  });
});
