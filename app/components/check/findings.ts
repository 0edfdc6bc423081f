/**
 * The /check page's findings, each with a level: what contradicts itself or exposes the visitor
 * ("risk": it can link accounts), what is merely rare ("notice"), what agrees ("ok"), and what
 * every site sees and the page can only show ("info"). Pure, so the levels are tested without a browser.
 */
import type { SeenByServer } from "@contracts/check-seen";
import {
  automationSignals,
  headerFitsLanguages,
  languagesFitCountry,
  timeZoneFitsCountry,
  userAgentVersusHints,
  type AutomationSignal,
  type HintMismatch,
} from "./agreement";
import type { Fingerprints, Measurements, WebRtcAddresses } from "./probes";

export type Level = "pending" | "ok" | "risk" | "notice" | "info" | "unavailable";

export const FINDING_IDS = [
  "address",
  "timeZone",
  "languages",
  "webrtc",
  "userAgent",
  "automation",
  "hardware",
  "canvas",
  "webgl",
  "audio",
  "fonts",
  "headers",
] as const;
export type FindingId = (typeof FINDING_IDS)[number];

/** What the page knows so far: each part arrives on its own (the server's answer, the probes). */
export interface Observed {
  seen: SeenByServer | null | "failed";
  browser: Measurements | null;
  webrtc: WebRtcAddresses | null;
  prints: Fingerprints | null;
}

export type Verdict =
  | { id: "address"; level: Level }
  | { id: "timeZone"; level: Level; outcome: "agrees" | "differs" | "generic" | "unknown" }
  | { id: "languages"; level: Level; outcome: "agrees" | "differs" | "unknown"; main: string | null; headerDiffers: boolean }
  | { id: "webrtc"; level: Level; outcome: "raw" | "hidden" | "off" }
  | { id: "userAgent"; level: Level; mismatches: HintMismatch[] }
  | { id: "automation"; level: Level; signals: AutomationSignal[] }
  | { id: "headers"; level: Level; dnt: boolean; gpc: boolean }
  | { id: "hardware" | "canvas" | "webgl" | "audio" | "fonts"; level: Level };

const headerOf = (seen: SeenByServer, name: SeenByServer["headers"][number]["name"]) => seen.headers.find((h) => h.name === name)?.value;

export function judge(observed: Observed): Verdict[] {
  const { browser, webrtc, prints } = observed;
  const seen = observed.seen === "failed" ? null : observed.seen;
  const serverDone = observed.seen !== null;
  const country = seen?.country ?? null;

  const verdicts: Verdict[] = [];
  verdicts.push({ id: "address", level: !serverDone ? "pending" : seen ? (seen.kind === "public" ? "info" : "notice") : "unavailable" });

  if (!browser || !serverDone) {
    verdicts.push({ id: "timeZone", level: "pending", outcome: "unknown" });
  } else {
    const fit = timeZoneFitsCountry(browser.timeZone, country);
    const generic = /^(UTC|GMT|Etc\/.*|Universal|Zulu)$/i.test(browser.timeZone);
    const outcome = generic ? "generic" : fit;
    verdicts.push({ id: "timeZone", level: outcome === "agrees" ? "ok" : outcome === "unknown" ? "info" : "risk", outcome });
  }

  if (!browser || !serverDone) {
    verdicts.push({ id: "languages", level: "pending", outcome: "unknown", main: null, headerDiffers: false });
  } else {
    const { agreement, main } = languagesFitCountry(browser.languages, country);
    const headerDiffers = seen ? headerFitsLanguages(headerOf(seen, "accept-language"), browser.languages) === "differs" : false;
    const level: Level = headerDiffers ? "risk" : agreement === "differs" ? "notice" : agreement === "agrees" ? "ok" : "info";
    verdicts.push({ id: "languages", level, outcome: agreement, main, headerDiffers });
  }

  if (!webrtc) verdicts.push({ id: "webrtc", level: "pending", outcome: "off" });
  else if (!webrtc.available) verdicts.push({ id: "webrtc", level: "notice", outcome: "off" });
  else if (webrtc.raw.length) verdicts.push({ id: "webrtc", level: "risk", outcome: "raw" });
  else verdicts.push({ id: "webrtc", level: "ok", outcome: "hidden" });

  if (!browser) {
    verdicts.push({ id: "userAgent", level: "pending", mismatches: [] }, { id: "automation", level: "pending", signals: [] });
  } else {
    const mismatches = userAgentVersusHints(browser.userAgent, browser.hints);
    verdicts.push({ id: "userAgent", level: mismatches.length ? "risk" : "ok", mismatches });
    const signals = automationSignals(browser.automation);
    verdicts.push({ id: "automation", level: signals.length ? "risk" : "ok", signals });
  }

  verdicts.push({ id: "hardware", level: browser ? "info" : "pending" });
  verdicts.push({ id: "canvas", level: !prints ? "pending" : prints.canvas ? "info" : "unavailable" });
  verdicts.push({ id: "webgl", level: !prints ? "pending" : prints.webgl ? "info" : "unavailable" });
  verdicts.push({ id: "audio", level: !prints ? "pending" : prints.audio ? "info" : "unavailable" });
  verdicts.push({ id: "fonts", level: !browser ? "pending" : browser.fonts.probed ? "info" : "unavailable" });

  if (!serverDone) verdicts.push({ id: "headers", level: "pending", dnt: false, gpc: false });
  else if (!seen) verdicts.push({ id: "headers", level: "unavailable", dnt: false, gpc: false });
  else {
    const dnt = headerOf(seen, "dnt") === "1";
    const gpc = headerOf(seen, "sec-gpc") === "1";
    verdicts.push({ id: "headers", level: dnt || gpc ? "notice" : "ok", dnt, gpc });
  }
  return verdicts;
}

/** The summary's counts: how many findings can link accounts and how many only stand out. */
export function tally(verdicts: readonly Verdict[]): { risk: number; notice: number; pending: boolean } {
  return {
    risk: verdicts.filter((v) => v.level === "risk").length,
    notice: verdicts.filter((v) => v.level === "notice").length,
    pending: verdicts.some((v) => v.level === "pending"),
  };
}
