import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useLang } from "~/i18n/use-lang";
import { PREFERENCE_COOKIES, readCookie } from "~/lib/preferences";
import type { UsageSession } from "./usage-session";

/** Fired by the consent banner when the visitor accepts cookies. */
export const CONSENT_EVENT = "site:consent";
export const DEVICE_COOKIE = "device_id";

/** Accepted cookies, and neither Global Privacy Control nor Do Not Track. */
export function mayTrack(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.globalPrivacyControl === true || nav.doNotTrack === "1") return false;
  return readCookie(document.cookie, PREFERENCE_COOKIES.consent) === "accepted";
}

/**
 * Usage tracking (spec sections 7 and 9; docs/decisions/0019): nothing before the visitor accepts
 * cookies, nothing under Global Privacy Control or Do Not Track. The tracker itself
 * (usage-session.ts) is loaded only for a visitor who agreed, so the others never download it.
 */
export function UsageTracker() {
  const lang = useLang();
  const location = useLocation();
  const session = useRef<UsageSession | null>(null);
  const firstPath = useRef(true);

  useEffect(() => {
    let active = true;
    const start = async () => {
      if (!mayTrack()) return;
      const { startUsageSession } = await import("./usage-session");
      const started = await startUsageSession(lang, () => active);
      if (active) session.current = started;
      else started?.stop();
    };
    const onConsent = () => void start();
    window.addEventListener(CONSENT_EVENT, onConsent, { once: true });
    void start();
    return () => {
      active = false;
      window.removeEventListener(CONSENT_EVENT, onConsent);
      session.current?.stop();
      session.current = null;
    };
  }, [lang]);

  // Each client-side navigation is a view of the new page (the first view is the session's own).
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    session.current?.pageView();
  }, [location.pathname]);

  return null;
}
