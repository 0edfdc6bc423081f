import type { LangKey } from "~/i18n/languages";
import { getJson } from "~/lib/api-client";
import { readCookie, writeCookie } from "~/lib/preferences";
import { seal } from "~/lib/seal";
import { ERROR_TYPES, EVENT_CODES, MAX_CLICKS_PER_PAGE, type UsageKind } from "@contracts/usage-events";
import { Batcher } from "./batcher";
import { DEVICE_COOKIE, mayTrack } from "./UsageTracker";

/** Spec section 9: the device id cookie lasts 360 days. */
const DEVICE_DAYS = 360;
const COLLECT_PATH = "/api/track/collect";

interface TrackConfig {
  enabled: boolean;
  key_id: string;
  public_key: string;
}

type Extra = Record<string, string | number | undefined>;

function deviceId(): string {
  let id = readCookie(document.cookie, DEVICE_COOKIE);
  if (!id || !/^[\w-]{8,64}$/.test(id)) {
    id = crypto.randomUUID();
  }
  writeCookie(DEVICE_COOKIE, id, DEVICE_DAYS * 24 * 60 * 60);
  return id;
}

function osFlag(): string {
  const ua = navigator.userAgent;
  return /Windows/.test(ua)
    ? "windows"
    : /Android/.test(ua)
      ? "android"
      : /iPhone|iPad/.test(ua)
        ? "ios"
        : /Mac OS X/.test(ua)
          ? "mac"
          : /Linux/.test(ua)
            ? "linux"
            : "other";
}

/** What an element says about itself, cut to size. */
function describe(el: Element): Extra {
  const link = el.closest("a");
  return {
    key: (el.closest("[data-track]") as HTMLElement | null)?.dataset.track ?? el.id ?? "",
    content: (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 200),
    el_type: el.tagName.toLowerCase(),
    el_class: (typeof el.className === "string" ? el.className : "").slice(0, 200),
    target_url: link?.href.slice(0, 1000) ?? "",
  };
}

export interface UsageSession {
  /** A client-side navigation: a view of the new page. */
  pageView(): void;
  stop(): void;
}

/**
 * Tracking for a visitor who agreed to it (UsageTracker loads this module only then): views,
 * clicks (at most 20 per page), impressions of marked elements (half visible) and script errors,
 * batched by `Batcher`, sealed for the server and sent with sendBeacon. Null when the server has
 * tracking off, or when `isActive` says the page no longer wants it.
 */
export async function startUsageSession(lang: LangKey, isActive: () => boolean): Promise<UsageSession | null> {
  const config = await getJson<TrackConfig>("/api/track/config", { lang });
  if (!isActive() || !config.ok || !config.data.enabled) return null;
  const { key_id, public_key } = config.data;
  const device = deviceId();
  const batcher = new Batcher<Record<string, unknown>>({
    storage: window.localStorage,
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
    async send(batch) {
      const sealed = await seal(JSON.stringify(batch), public_key, key_id);
      const form = new FormData();
      for (const [k, v] of Object.entries(sealed)) form.set(k, v);
      return navigator.sendBeacon(COLLECT_PATH, form);
    },
  });
  const record = (kind: UsageKind, extra: Extra = {}) => {
    if (!mayTrack()) return;
    batcher.add({
      kind,
      ...EVENT_CODES[kind],
      at: Date.now(),
      url: window.location.href.slice(0, 1000),
      title: document.title.slice(0, 300),
      referrer: document.referrer.slice(0, 1000),
      lang,
      device_id: device,
      user_id: "",
      os: osFlag(),
      ua: navigator.userAgent.slice(0, 400),
      screen_w: window.screen.width,
      screen_h: window.screen.height,
      dpr: Math.round(window.devicePixelRatio * 100) / 100,
      app_version: "",
      ...extra,
    });
  };

  let clicks = 0;
  const onClick = (e: MouseEvent) => {
    const el = (e.target as Element | null)?.closest("a, button, [data-track]");
    if (!el || clicks >= MAX_CLICKS_PER_PAGE) return;
    clicks++;
    record("click", describe(el));
  };
  const onError = (e: Event) => {
    const target = e.target as (Element & { src?: string; href?: string }) | null;
    if (target && target !== (window as unknown as EventTarget) && "tagName" in target) {
      record("error", {
        error_type: ERROR_TYPES.resource,
        error_message: `${target.tagName.toLowerCase()} failed to load`,
        target_url: (target.src ?? target.href ?? "").slice(0, 1000),
      });
    } else {
      record("error", { error_type: ERROR_TYPES.script, error_message: String((e as ErrorEvent).message ?? "").slice(0, 500), target_url: "" });
    }
  };
  const onRejection = (e: PromiseRejectionEvent) =>
    record("error", { error_type: ERROR_TYPES.rejection, error_message: String((e.reason as Error)?.message ?? e.reason ?? "").slice(0, 500), target_url: "" });
  const onHidden = () => {
    if (document.visibilityState === "hidden") void batcher.flush();
  };
  const onPageHide = () => void batcher.flush();
  const seen = new WeakSet<Element>();
  const exposure = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.intersectionRatio >= 0.5 && !seen.has(entry.target)) {
          seen.add(entry.target);
          const d = describe(entry.target);
          record("expose", { key: (entry.target as HTMLElement).dataset.trackExpose || String(d.key), content: d.content });
        }
      }
    },
    { threshold: 0.5 },
  );
  const observeMarked = () => document.querySelectorAll("[data-track-expose]").forEach((el) => exposure.observe(el));
  document.addEventListener("click", onClick, { capture: true, passive: true });
  window.addEventListener("error", onError, true);
  window.addEventListener("unhandledrejection", onRejection);
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", onPageHide);
  observeMarked();
  // Whatever an earlier page could not send goes first; this page's events wait for their batch.
  if (batcher.pending() > 0) void batcher.flush();
  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  record("view", { load_ms: nav ? Math.round(nav.loadEventEnd > 0 ? nav.loadEventEnd : nav.domContentLoadedEventEnd) : undefined });
  return {
    pageView() {
      clicks = 0;
      observeMarked();
      record("view");
    },
    stop() {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("error", onError, true);
      window.removeEventListener("unhandledrejection", onRejection);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onPageHide);
      exposure.disconnect();
      void batcher.flush();
    },
  };
}
