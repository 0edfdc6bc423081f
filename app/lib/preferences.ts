/**
 * Visitor choices kept in cookies, so the server renders the right banners on the first byte
 * (no flash of a banner that was already dismissed). One year; first-party; not HttpOnly because
 * the browser sets them.
 */
export const PREFERENCE_COOKIES = {
  lang: "_lang",
  consent: "cookie_consent",
  phishing: "phishing_notice",
  langPrompt: "lang_prompt",
} as const;

const ONE_YEAR = 60 * 60 * 24 * 365;

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, maxAge = ONE_YEAR): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}
