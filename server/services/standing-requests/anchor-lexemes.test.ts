import { describe, expect, it } from 'vitest';
import { anchorLexemes } from './anchor-lexemes';

describe('anchorLexemes', () => {
  it('takes the forms of the word whose shortest form is longest, the first of equals', () => {
    expect(anchorLexemes("('kiosk' | 'κιοσκ') & ('harbour' | 'harbor')")).toEqual(['harbour', 'harbor']);
    expect(anchorLexemes("('flood') & ('storm')")).toEqual(['flood']);
  });

  it('keeps a single word whole and finds nothing without words', () => {
    expect(anchorLexemes("('kiosk')")).toEqual(['kiosk']);
    expect(anchorLexemes(null)).toEqual([]);
    expect(anchorLexemes('')).toEqual([]);
  });
});
