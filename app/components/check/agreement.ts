/**
 * The comparisons behind the /check page's findings, kept pure (no browser APIs) so they are
 * tested on their own: does the time zone fit the address's country, do the languages, does the
 * user agent agree with its client hints, and which automation signals a snapshot shows.
 */
import { getTimezone } from "countries-and-timezones";

export type Agreement = "agrees" | "differs" | "unknown";

/**
 * Whether a browser's IANA time zone is one used in `country` (ISO 3166-1 alpha-2). Links count
 * as their zone (Asia/Calcutta is Asia/Kolkata); a zone shared by several countries (Europe/Berlin
 * also serves Denmark and Sweden in current tz data) fits each. "UTC" and Etc/* zones are no
 * place at all: few real people set them, so they differ from every country.
 */
export function timeZoneFitsCountry(timeZone: string | undefined, country: string | null | undefined): Agreement {
  if (!timeZone || !country) return "unknown";
  if (/^(UTC|GMT|Etc\/.*|Universal|Zulu)$/i.test(timeZone)) return "differs";
  const zone = getTimezone(timeZone);
  if (!zone) return "unknown";
  const target = zone.aliasOf ? getTimezone(zone.aliasOf) : null;
  const countries = [...zone.countries, ...(target?.countries ?? [])];
  return countries.includes(country.toUpperCase() as (typeof countries)[number]) ? "agrees" : "differs";
}

/** The main language of a country (CLDR likely subtags: "und-DE" → de, "und-BR" → pt), if known. */
export function mainLanguageOf(country: string | null | undefined): string | null {
  if (!country || !/^[A-Za-z]{2}$/.test(country)) return null;
  try {
    const language = new Intl.Locale(`und-${country.toUpperCase()}`).maximize().language;
    return language && language !== "und" ? language : null;
  } catch {
    return null;
  }
}

const baseLanguage = (tag: string) => tag.trim().split(/[-_;]/)[0]!.toLowerCase();

/** Whether any of the browser's languages is the main language of the address's country. */
export function languagesFitCountry(languages: readonly string[], country: string | null | undefined): { agreement: Agreement; main: string | null } {
  const main = mainLanguageOf(country);
  if (!main || !languages.length) return { agreement: "unknown", main };
  return { agreement: languages.some((l) => baseLanguage(l) === main) ? "agrees" : "differs", main };
}

/**
 * Whether the Accept-Language header the server received names the same first language as the
 * browser reports to scripts: a tool that changes one and not the other is easy to spot.
 */
export function headerFitsLanguages(acceptLanguage: string | undefined, languages: readonly string[]): Agreement {
  if (!acceptLanguage || !languages.length) return "unknown";
  const first = acceptLanguage.split(",")[0]!.split(";")[0]!.trim().toLowerCase();
  return first === languages[0]!.toLowerCase() ? "agrees" : "differs";
}

export type Platform = "Windows" | "macOS" | "Linux" | "Android" | "iOS" | "Chrome OS";

export interface ParsedUserAgent {
  /** The Chromium major version the user agent names (Chrome, Edge, Opera…), if it names one. */
  chromiumMajor: number | null;
  engine: "chromium" | "firefox" | "safari" | "other";
  platform: Platform | null;
  mobile: boolean;
  headless: boolean;
}

export function parseUserAgent(ua: string): ParsedUserAgent {
  const chromium = /(?:Chrome|Chromium|CriOS|HeadlessChrome)\/(\d+)/.exec(ua);
  const engine = chromium ? "chromium" : /Firefox\/\d+/.test(ua) ? "firefox" : /Version\/[\d.]+.*Safari\//.test(ua) ? "safari" : "other";
  const platform: Platform | null = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /CrOS/.test(ua)
        ? "Chrome OS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macOS"
            : /Linux|X11/.test(ua)
              ? "Linux"
              : null;
  return {
    chromiumMajor: chromium ? Number(chromium[1]) : null,
    engine,
    platform,
    mobile: /Mobi|Android.*Mobile|iPhone/.test(ua),
    headless: /HeadlessChrome/.test(ua),
  };
}

/** The low-entropy client hints of navigator.userAgentData (Chromium browsers in secure contexts). */
export interface ClientHints {
  brands: readonly { brand: string; version: string }[];
  platform: string;
  mobile: boolean;
}

export type HintMismatch = "hintsMissing" | "version" | "platform" | "mobile" | "hintsUnexpected";

/**
 * Where the user agent string and the client hints disagree. A browser that edits its user agent
 * but not its hints (a common extension, a careless tool) says two different things at once.
 */
export function userAgentVersusHints(ua: string, hints: ClientHints | null): HintMismatch[] {
  const parsed = parseUserAgent(ua);
  const mismatches: HintMismatch[] = [];
  if (!hints) {
    // Chromium has sent client hints since version 90; one that claims a later version without them is unusual.
    if (parsed.engine === "chromium" && parsed.chromiumMajor !== null && parsed.chromiumMajor >= 90 && parsed.platform !== "iOS")
      mismatches.push("hintsMissing");
    return mismatches;
  }
  if (parsed.engine === "firefox" || parsed.engine === "safari") mismatches.push("hintsUnexpected");
  const chromiumBrand = hints.brands.find((b) => /^(Chromium|Google Chrome|Microsoft Edge|Opera|Brave|HeadlessChrome)$/i.test(b.brand));
  if (chromiumBrand && parsed.chromiumMajor !== null && Number(chromiumBrand.version) !== parsed.chromiumMajor) mismatches.push("version");
  if (parsed.platform && hints.platform && hints.platform !== parsed.platform) mismatches.push("platform");
  if (hints.mobile !== parsed.mobile && parsed.platform !== "iOS") mismatches.push("mobile");
  return mismatches;
}

/** What the page reads from the browser to look for automation (probes.ts fills it in). */
export interface AutomationSnapshot {
  webdriver: boolean;
  userAgent: string;
  pluginCount: number;
  mimeTypeCount: number;
  hasWindowChrome: boolean;
  languageCount: number;
  outerWidth: number;
  outerHeight: number;
  /** Notification.permission, if the browser has notifications. */
  notificationPermission: string | null;
  /** navigator.permissions.query({ name: "notifications" }).state, if it answers. */
  notificationsQuery: string | null;
}

export type AutomationSignal = "webdriver" | "headlessUserAgent" | "noPlugins" | "noWindowChrome" | "noLanguages" | "zeroWindow" | "permissionsInconsistent";

/**
 * Signals that bot-detection scripts commonly read. Desktop Chrome has had a fixed list of five
 * PDF plugins since version 94, so an empty list there is a headless or automated tell; phones
 * and other browsers legitimately have none and are not judged on it.
 */
export function automationSignals(s: AutomationSnapshot): AutomationSignal[] {
  const ua = parseUserAgent(s.userAgent);
  const desktopChromium = ua.engine === "chromium" && !ua.mobile && ua.platform !== "Android";
  const signals: AutomationSignal[] = [];
  if (s.webdriver) signals.push("webdriver");
  if (ua.headless) signals.push("headlessUserAgent");
  if (desktopChromium && (s.pluginCount === 0 || s.mimeTypeCount === 0)) signals.push("noPlugins");
  if (desktopChromium && /Chrome\//.test(s.userAgent) && !/Edg\/|OPR\//.test(s.userAgent) && !s.hasWindowChrome) signals.push("noWindowChrome");
  if (s.languageCount === 0) signals.push("noLanguages");
  if (s.outerWidth === 0 && s.outerHeight === 0) signals.push("zeroWindow");
  // Headless Chrome answered "denied" to Notification.permission while the Permissions API said "prompt".
  if (s.notificationPermission === "denied" && s.notificationsQuery === "prompt") signals.push("permissionsInconsistent");
  return signals;
}
