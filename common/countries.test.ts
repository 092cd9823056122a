import { describe, expect, it } from 'vitest';
import { buildCountries } from '../scripts/countries-source';
import { COUNTRIES, countryName, countrySearchRank, DEFAULT_COUNTRY, findCountry } from './countries';

describe('countries', () => {
  it('are exactly what scripts/generate-countries.ts writes today', () => {
    expect(COUNTRIES).toEqual(buildCountries());
  });
  it('list about 240 places with a calling code', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(235);
    expect(COUNTRIES.length).toBeLessThanOrEqual(250);
    for (const country of COUNTRIES) expect(country.phoneCode).toMatch(/^\d{1,3}$/);
  });
  it('have unique alpha-2 and alpha-3 codes', () => {
    expect(new Set(COUNTRIES.map((c) => c.alpha2)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.alpha3)).size).toBe(COUNTRIES.length);
  });
  it('include the default country, Cyprus', () => {
    expect(DEFAULT_COUNTRY).toBe('CY');
    expect(findCountry('CY')).toEqual({
      alpha2: 'CY',
      alpha3: 'CYP',
      name: 'Cyprus',
      phoneCode: '357',
      emoji: '🇨🇾',
    });
    expect(findCountry('cy')?.alpha2).toBe('CY');
    expect(findCountry('AQ')).toBeUndefined();
  });
  it('are named in the language asked for, in English otherwise', () => {
    expect(countryName('CY', 'el')).toBe('Κύπρος');
    expect(countryName('GR', 'el')).toBe('Ελλάδα');
    expect(countryName('CY', 'en')).toBe('Cyprus');
    expect(countryName('CY', 'not a language!')).toBe('Cyprus');
  });
});

describe('country search', () => {
  const cyprus = findCountry('CY')!;
  const britain = findCountry('GB')!;
  it('finds a country by its codes first', () => {
    expect(countrySearchRank(britain, 'gb', 'en')).toBe(0);
    expect(countrySearchRank(cyprus, 'CYP', 'el')).toBe(0);
    expect(countrySearchRank(cyprus, '+357', 'en')).toBe(0);
    expect(countrySearchRank(cyprus, '35', 'en')).toBe(1);
    expect(countrySearchRank(britain, '35', 'en')).toBeNull();
  });
  it('finds a country by its name, in Greek without accents, or in English', () => {
    expect(countrySearchRank(cyprus, 'κυπρος', 'el')).toBe(1);
    expect(countrySearchRank(cyprus, 'ΚΥΠΡΟΣ', 'el')).toBe(1);
    expect(countrySearchRank(cyprus, 'cypr', 'el')).toBe(1);
    expect(countrySearchRank(britain, 'kingdom', 'en')).toBe(2);
    expect(countrySearchRank(britain, 'ngdo', 'en')).toBe(3);
    expect(countrySearchRank(cyprus, 'greece', 'en')).toBeNull();
  });
});
