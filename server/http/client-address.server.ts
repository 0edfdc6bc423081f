import ipaddr from "ipaddr.js";

/**
 * The address a client is counted under for abuse limits. `ip` is Express's `req.ip`, which
 * follows X-Forwarded-For only through the configured trusted proxies (TRUSTED_PROXIES), so a
 * client cannot pick its own. An IPv6 client is counted by its /64: one subscriber is usually
 * given a whole /64, and rotating addresses inside it must not buy more attempts.
 */
export function clientAddressKey(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return "unknown";
  const address = ipaddr.process(ip); // ::ffff:1.2.3.4 counts as 1.2.3.4
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}
