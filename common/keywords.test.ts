import { describe, expect, it } from 'vitest';
import { normalizeKeyword, parseKeywords } from './keywords';

describe('keywords', () => {
  it('match without case or accents, Greek final sigma included', () => {
    expect(normalizeKeyword('Πάφος')).toBe(normalizeKeyword('ΠΑΦΟΣ'));
    expect(normalizeKeyword('  Café  Society ')).toBe('cafe society');
  });

  it('split a comma-separated field, keeping the first spelling of a repeat', () => {
    expect(parseKeywords('Sea, sunset ,, SEA, Λεμεσός, λεμεσος ')).toEqual(['Sea', 'sunset', 'Λεμεσός']);
  });
});
