/**
 * Builds the committed country list (`common/countries.data.json`) from world-countries and
 * libphonenumber-js. Shared by the generator and the test that keeps the committed file in step.
 */
import { type CountryCode, getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import worldCountries from 'world-countries';
import type { Country } from '../common/countries';

/** The flag emoji spelled with regional indicator letters (world-countries has none for BQ). */
function regionalIndicatorFlag(alpha2: string): string {
  return [...alpha2].map((letter) => String.fromCodePoint(0x1f1e6 + letter.charCodeAt(0) - 65)).join('');
}

/**
 * Every country and territory that has a telephone calling code, sorted by English name. Places
 * libphonenumber does not know have no telephone numbering of their own (Antarctica, Bouvet Island,
 * Heard Island…), so a person cannot give a phone number there and they are left out.
 */
export function buildCountries(): Country[] {
  return worldCountries
    .filter((country) => isSupportedCountry(country.cca2))
    .map((country) => ({
      alpha2: country.cca2,
      alpha3: country.cca3,
      name: country.name.common,
      phoneCode: getCountryCallingCode(country.cca2 as CountryCode),
      emoji: country.flag || regionalIndicatorFlag(country.cca2),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** The file's text: one country a line, so a change shows as a readable diff. */
export function countriesJson(countries: Country[]): string {
  return `[\n${countries.map((country) => JSON.stringify(country)).join(',\n')}\n]\n`;
}
