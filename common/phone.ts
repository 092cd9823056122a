/**
 * Phone numbers are stored in E.164 (`+35799123456`) and typed as a country plus a national number.
 * The "max" metadata knows each country's number ranges, so a number that merely has the right length
 * is still refused.
 */

import {
  type CountryCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';

// Digits and the usual separators only: the parser would otherwise skip letters ('call 99…', 'ext. 2').
const TYPED_NUMBER = /^\+?[\d\s().\-/]+$/;

/** A valid number with a country, or undefined; `country` is only needed for a national number. */
function parse(input: string, country?: string) {
  const text = input.trim();
  const region = country?.toUpperCase();
  if (!TYPED_NUMBER.test(text) || (region !== undefined && !isSupportedCountry(region))) return undefined;
  const number = parsePhoneNumberFromString(text, { defaultCountry: region as CountryCode | undefined });
  // No country means a non-geographic number (+800 freephone…), which cannot receive an SMS.
  return number?.isValid() && number.country ? number : undefined;
}

/**
 * The E.164 form of a number typed in the country's national format ('99 123456' in CY) or in full
 * international form ('+44 7400 123456', '00357 99123456'); a full number keeps its own country.
 * Null when it is not a valid number. Countries sharing a calling code share ranges: a Canadian
 * number typed with US chosen is accepted, as +1 covers both.
 */
export function toE164(country: string, input: string): string | null {
  return parse(input, country)?.number ?? null;
}

/** A stored E.164 number for display, in international format ('+357 99 123456'). */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** A stored E.164 number as a country and a national number, to fill a phone input; null when invalid. */
export function splitPhone(e164: string): { country: string; national: string } | null {
  const number = parse(e164);
  return number?.country ? { country: number.country, national: number.formatNational() } : null;
}

/** An example mobile number of the country in national format ('96 123456'), for a placeholder. */
export function examplePhone(country: string): string {
  const region = country.toUpperCase();
  if (!isSupportedCountry(region)) return '';
  return getExampleNumber(region as CountryCode, examples)?.formatNational() ?? '';
}
