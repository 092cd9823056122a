import { beforeAll, describe, expect, it } from 'vitest';
import { type CountryLookup, openCountryLookup } from './country-lookup';

let geo: CountryLookup;
beforeAll(async () => {
  geo = await openCountryLookup();
});

describe('country lookup', () => {
  // Addresses whose country is stable: Google's public DNS, and blocks of Greek and Cypriot operators.
  it.each([
    ['8.8.8.8', 'US'],
    ['193.92.0.1', 'GR'], // OTE
    ['62.103.0.1', 'GR'],
    ['213.7.0.1', 'CY'], // Cytanet
    ['194.42.0.1', 'CY'],
    ['2a02:587::1', 'GR'], // Cosmote, IPv6
  ])('finds the country of %s: %s', (ip, country) => {
    expect(geo.countryOf(ip)).toBe(country);
  });

  it('sees through IPv4-mapped IPv6 addresses', () => {
    expect(geo.countryOf('::ffff:8.8.8.8')).toBe('US');
    expect(geo.countryOf('::FFFF:213.7.0.1')).toBe('CY');
  });

  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.1.1',
    '::ffff:192.168.1.1',
    '100.64.0.1',
    '169.254.10.10',
    'fd12:3456::1',
    'fe80::1',
    '0.0.0.0',
    '::',
    '192.0.2.1', // documentation range
    '',
    'not an address',
    '999.1.1.1',
  ])('knows no country for %j', (ip) => {
    expect(geo.countryOf(ip)).toBeNull();
  });
});
