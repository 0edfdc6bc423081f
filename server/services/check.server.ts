/**
 * The server's side of the "What websites see" page (/check): it only reflects what this request
 * carried. The address is Express's `req.ip`, which follows X-Forwarded-For through the
 * configured trusted proxies only (TRUSTED_PROXIES), so a visitor cannot make it say another
 * address; its country comes from the shipped IP-to-country database. Nothing is stored.
 */
import ipaddr from "ipaddr.js";
import { REFLECTED_HEADERS, type AddressKind, type SeenByServer } from "@contracts/check-seen";
import { countryOf } from "../infrastructure/geo.server";

/** A header value longer than this is cut: it is shown to the visitor, not parsed. */
const MAX_HEADER_CHARS = 2_000;

const KIND_OF_RANGE: Record<string, AddressKind> = {
  unicast: "public",
  private: "private",
  uniqueLocal: "private",
  carrierGradeNat: "cgnat",
  loopback: "loopback",
  linkLocal: "linkLocal",
};

/** The address's family and kind (public, private, CGNAT…), ::ffff:1.2.3.4 read as 1.2.3.4. */
export function describeAddress(ip: string | undefined): { ip: string | null; family: "ipv4" | "ipv6" | null; kind: AddressKind | null } {
  if (!ip || !ipaddr.isValid(ip)) return { ip: null, family: null, kind: null };
  const address = ipaddr.process(ip);
  const range = address.range();
  // 2000::/3 is "unicast" to ipaddr.js; other IPv6 ranges it does not name are reserved.
  const kind = KIND_OF_RANGE[range] ?? "other";
  return { ip: address.toString(), family: address.kind(), kind };
}

export async function seenByServer(ip: string | undefined, headers: Record<string, string | string[] | undefined>): Promise<SeenByServer> {
  const address = describeAddress(ip);
  const reflected: SeenByServer["headers"] = [];
  for (const name of REFLECTED_HEADERS) {
    const raw = headers[name];
    const value = Array.isArray(raw) ? raw.join(", ") : raw;
    if (value !== undefined && value !== "") reflected.push({ name, value: value.slice(0, MAX_HEADER_CHARS) });
  }
  return { ...address, country: address.kind === "public" ? await countryOf(address.ip ?? undefined) : null, headers: reflected };
}
