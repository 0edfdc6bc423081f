import { z } from "zod";

/**
 * What the server received from the visitor, as GET /api/check/seen reflects it for the
 * "What websites see" page (/check): the address (through the trusted proxies only), its
 * country from the shipped IP-to-country database, what kind of address it is, and the request
 * headers any website receives. Nothing else about the visitor is looked up or kept.
 */
export const ADDRESS_KINDS = ["public", "private", "cgnat", "loopback", "linkLocal", "other"] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/**
 * The request headers shown, in this order: those that describe the browser and its owner.
 * Cookies, authorisation and the proxies' own forwarding headers are never reflected.
 */
export const REFLECTED_HEADERS = [
  "user-agent",
  "accept-language",
  "sec-ch-ua",
  "sec-ch-ua-mobile",
  "sec-ch-ua-platform",
  "sec-ch-ua-platform-version",
  "sec-ch-ua-full-version-list",
  "sec-ch-ua-arch",
  "sec-ch-ua-bitness",
  "sec-ch-ua-model",
  "dnt",
  "sec-gpc",
  "save-data",
  "accept",
  "accept-encoding",
] as const;

export const SeenByServer = z.object({
  ip: z.string().nullable().describe("the client address as resolved through TRUSTED_PROXIES; null when unknown"),
  family: z.enum(["ipv4", "ipv6"]).nullable(),
  kind: z.enum(ADDRESS_KINDS).nullable().describe("public, private (RFC 1918 / unique local), cgnat (100.64/10), loopback, linkLocal or other reserved"),
  country: z.string().nullable().describe("ISO 3166-1 alpha-2 from the shipped IP-to-country database; null for private or unknown addresses"),
  headers: z
    .array(z.object({ name: z.enum(REFLECTED_HEADERS), value: z.string() }))
    .describe("the headers of REFLECTED_HEADERS the request carried, in that order"),
});
export type SeenByServer = z.infer<typeof SeenByServer>;
