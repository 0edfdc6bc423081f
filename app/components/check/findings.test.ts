import { describe, expect, it } from "vitest";
import type { SeenByServer } from "@contracts/check-seen";
import { judge, tally, type Observed, type Verdict } from "./findings";
import type { Measurements } from "./probes";

const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const seen = (over: Partial<SeenByServer> = {}): SeenByServer => ({
  ip: "8.8.8.8",
  family: "ipv4",
  kind: "public",
  country: "US",
  headers: [
    { name: "user-agent", value: UA },
    { name: "accept-language", value: "en-US,en;q=0.9" },
  ],
  ...over,
});
const browser = (over: Partial<Measurements> = {}): Measurements => ({
  timeZone: "America/New_York",
  languages: ["en-US", "en"],
  screen: { width: 1920, height: 1080, colorDepth: 24, pixelRatio: 1 },
  deviceMemory: 8,
  cores: 8,
  touchPoints: 0,
  userAgent: UA,
  hints: { brands: [{ brand: "Google Chrome", version: "131" }], platform: "Windows", mobile: false },
  highEntropy: {},
  fonts: { found: 30, probed: 50 },
  automation: {
    webdriver: false,
    userAgent: UA,
    pluginCount: 5,
    mimeTypeCount: 2,
    hasWindowChrome: true,
    languageCount: 2,
    outerWidth: 1920,
    outerHeight: 1040,
    notificationPermission: "default",
    notificationsQuery: "prompt",
  },
  ...over,
});
const everything = (over: Partial<Observed> = {}): Observed => ({
  seen: seen(),
  browser: browser(),
  webrtc: { available: true, mdns: 1, raw: [] },
  prints: { canvas: "a1b2c3d4e5f6", webgl: { vendor: "Google Inc.", renderer: "ANGLE", hash: "0011aabbccdd" }, audio: "ffeeddccbbaa" },
  ...over,
});
const level = (verdicts: Verdict[], id: Verdict["id"]) => verdicts.find((v) => v.id === id)?.level;

describe("judge", () => {
  it("is pending until each part has arrived", () => {
    const verdicts = judge({ seen: null, browser: null, webrtc: null, prints: null });
    expect(verdicts.every((v) => v.level === "pending")).toBe(true);
    expect(tally(verdicts).pending).toBe(true);
  });

  it("finds nothing to flag in a consistent browser", () => {
    const verdicts = judge(everything());
    expect(tally(verdicts)).toEqual({ risk: 0, notice: 0, pending: false });
    expect(level(verdicts, "timeZone")).toBe("ok");
    expect(level(verdicts, "address")).toBe("info");
  });

  it("flags a time zone of another country, a raw WebRTC address and an edited Accept-Language", () => {
    const verdicts = judge(
      everything({
        browser: browser({ timeZone: "Asia/Tokyo" }),
        webrtc: { available: true, mdns: 0, raw: ["192.168.1.20"] },
        seen: seen({ headers: [{ name: "accept-language", value: "de-DE,de;q=0.9" }] }),
      }),
    );
    expect(level(verdicts, "timeZone")).toBe("risk");
    expect(level(verdicts, "webrtc")).toBe("risk");
    expect(verdicts.find((v) => v.id === "languages")).toMatchObject({ level: "risk", headerDiffers: true });
    expect(tally(verdicts).risk).toBe(3);
  });

  it("counts rare choices as standing out, not as links", () => {
    const verdicts = judge(
      everything({
        browser: browser({ languages: ["ja-JP"] }),
        seen: seen({
          headers: [
            { name: "accept-language", value: "ja-JP" },
            { name: "dnt", value: "1" },
          ],
        }),
        webrtc: { available: false, mdns: 0, raw: [] },
      }),
    );
    expect(level(verdicts, "languages")).toBe("notice");
    expect(level(verdicts, "headers")).toBe("notice");
    expect(level(verdicts, "webrtc")).toBe("notice");
    expect(tally(verdicts)).toMatchObject({ risk: 0, notice: 3 });
  });

  it("cannot compare without the server's answer, and says the address is missing", () => {
    const verdicts = judge(everything({ seen: "failed" }));
    expect(level(verdicts, "address")).toBe("unavailable");
    expect(verdicts.find((v) => v.id === "timeZone")).toMatchObject({ level: "info", outcome: "unknown" });
    expect(level(verdicts, "headers")).toBe("unavailable");
  });

  it("treats a UTC clock as no place", () => {
    expect(judge(everything({ browser: browser({ timeZone: "UTC" }) })).find((v) => v.id === "timeZone")).toMatchObject({ level: "risk", outcome: "generic" });
  });
});
