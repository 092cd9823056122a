import { describe, expect, it } from 'vitest';
import { normalizeKeyword, parseKeywords, SEARCH_WORDS_MAX, searchWords } from './keywords';

describe('keywords', () => {
  it('match without case or accents, Greek final sigma included', () => {
    expect(normalizeKeyword('Πάφος')).toBe(normalizeKeyword('ΠΑΦΟΣ'));
    expect(normalizeKeyword('  Café  Society ')).toBe('cafe society');
  });

  it('split a comma-separated field, keeping the first spelling of a repeat', () => {
    expect(parseKeywords('Sea, sunset ,, SEA, Λεμεσός, λεμεσος ')).toEqual(['Sea', 'sunset', 'Λεμεσός']);
  });

  it('split a search into folded words, dropping query syntax and repeats', () => {
    expect(searchWords("Πάφος, sunset-beach & !Sunset ' :* (")).toEqual(['παφοσ', 'sunset', 'beach']);
    expect(searchWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(
      SEARCH_WORDS_MAX,
    );
  });
});
