/**
 * Writes common/countries.data.json. The web app imports that small file instead of world-countries
 * (about 1 MB). Run after upgrading world-countries or libphonenumber-js:
 * node --import tsx scripts/generate-countries.ts
 */
import fs from 'node:fs';
import { buildCountries, countriesJson } from './countries-source';

const target = new URL('../common/countries.data.json', import.meta.url);
const countries = buildCountries();
fs.writeFileSync(target, countriesJson(countries));
console.log(`common/countries.data.json: ${countries.length} countries`);
