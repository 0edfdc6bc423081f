/**
 * Security headers, from helmet (docs/decisions/0012): a Content-Security-Policy with a fresh
 * nonce per response for every script the site runs itself (React Router's hydration data and
 * module entry, and the editors' statistics snippets, which the server marks with the nonce);
 * a page rendered for everyone (the page cache) allows its scripts by hash instead (0021),
 * no 'unsafe-inline' for scripts, object-src 'none', base-uri 'self', frame-ancestors 'self';
 * violations are reported to /api/csp-report. HSTS only over https. Permissions-Policy turns off
 * the powerful features the site never uses.
 */
import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

export const CSP_REPORT_PATH = "/api/csp-report";

export interface SecurityHeaderOptions {
  /** Extra script origins (statistics snippets), from CSP_SCRIPT_SOURCES. */
  scriptSources: readonly string[];
  /** Extra connect origins, from CSP_CONNECT_SOURCES. */
  connectSources: readonly string[];
  /** The site's other hosts, which may frame or post to this one. */
  siteOrigins: readonly string[];
  /** Development: Vite's dev server injects inline scripts, so the policy only reports there. */
  reportOnly?: boolean;
  /** One-tap sign-in is on (GOOGLE_CLIENT_ID): Google Identity Services' frame, calls and styles are allowed. */
  googleIdentity?: boolean;
}

/** What Google Identity Services needs besides its script (which carries the page's nonce). */
const GSI = "https://accounts.google.com/gsi/";

declare module "express-serve-static-core" {
  interface Locals {
    /** The nonce this response's CSP allows; SSR puts it on every script it writes. */
    cspNonce: string;
  }
}

const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "midi=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "display-capture=()",
  "browsing-topics=()",
].join(", ");

export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const nonce: (req: unknown, res: { locals: { cspNonce: string } }) => string = (_req, res) => `'nonce-${res.locals.cspNonce}'`;
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      reportOnly: options.reportOnly ?? false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", nonce as never, ...options.scriptSources, ...(options.googleIdentity ? [`${GSI}client`] : [])],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", "'unsafe-inline'", ...(options.googleIdentity ? [`${GSI}style`] : [])], // React style attributes; styles cannot run code
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", ...options.connectSources, ...(options.googleIdentity ? [GSI] : [])],
        "frame-src": ["'self'", ...(options.googleIdentity ? [GSI] : [])],
        "media-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'", ...options.siteOrigins],
        "frame-ancestors": ["'self'", ...options.siteOrigins],
        "manifest-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],
        "report-uri": [CSP_REPORT_PATH],
      },
    },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-site" },
    crossOriginEmbedderPolicy: false, // would block third-party images and snippet scripts
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: false, // set below, only over https
    xFrameOptions: { action: "sameorigin" },
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 365 * 24 * 60 * 60, includeSubDomains: true });

  return (req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    apply(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (req.secure) return hsts(req, res, next);
      next();
    });
  };
}

const POLICY_HEADERS = ["Content-Security-Policy", "Content-Security-Policy-Report-Only"];

/**
 * A page rendered for everyone is rendered without a nonce: its policy names its inline scripts
 * by hash (server/http/script-hashes.server.ts) and the scripts the browser may add later by
 * hash or address, in place of the response's nonce, which the page does not carry.
 */
export function allowScriptsBySource(
  res: { getHeader(name: string): unknown; setHeader(name: string, value: string): unknown; locals: { cspNonce: string } },
  nonce: string,
  sources: readonly string[],
): void {
  for (const name of POLICY_HEADERS) {
    const policy = res.getHeader(name);
    if (typeof policy !== "string") continue;
    const nonceSource = `'nonce-${nonce}'`;
    res.setHeader(name, policy.replace(sources.length ? nonceSource : ` ${nonceSource}`, sources.join(" ")));
  }
}
