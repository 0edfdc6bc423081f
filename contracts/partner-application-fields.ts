/**
 * The partner application form's fields and limits, without its validation (zod, in
 * partner-application-rules.ts), so the page renders and hydrates without loading zod.
 */
export const APPLICATION_LIMITS = { company: 120, name: 80, email: 254, website: 300, message: 3000, regions: 10 } as const;

export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/.test(value.trim()) && value.trim().length <= APPLICATION_LIMITS.email;
}

/** A public web address: http(s), a host name with a dot, no credentials. */
export function isWebsite(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") && !url.username && !url.password;
}

/** What a visitor typed as a website, with https:// added when they left the scheme out. */
export function normalizeWebsite(value: string): string {
  const v = value.trim();
  return v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v;
}

/** Field order is the form's order: the first problem reported is the first the visitor meets. */
export const APPLICATION_FIELD_ORDER = ["company", "name", "email", "website", "type", "regions", "message"] as const;
export type ApplicationFieldName = (typeof APPLICATION_FIELD_ORDER)[number];

export type ApplicationValues = Partial<Record<Exclude<ApplicationFieldName, "regions">, string>> & { regions?: readonly string[] };
