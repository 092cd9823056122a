import { describe, expect, it } from 'vitest';
import { anchorKeyword, anchorLexemes } from './request-anchors';

describe('anchorLexemes', () => {
  it('takes the forms of the word whose shortest form is longest, the first of equals', () => {
    expect(anchorLexemes("('kiosk' | 'κιοσκ') & ('harbour' | 'harbor')")).toEqual(['harbour', 'harbor']);
    expect(anchorLexemes("('flood') & ('storm')")).toEqual(['flood']);
  });

  it('takes the word fewest videos hold by the text statistics, its forms summed; the longest of equals', () => {
    const query = "('kiosk' | 'κιοσκ') & ('harbour' | 'harbor') & ('night')";
    const shares = new Map([
      ['harbour', 0.2],
      ['harbor', 0.1],
      ['kiosk', 0.25],
      ['night', 0.4],
    ]);
    expect(anchorLexemes(query, shares)).toEqual(['kiosk', 'κιοσκ']);
    expect(anchorLexemes(query, new Map([['harbour', 0.01]]))).toEqual(['kiosk', 'κιοσκ']);
    expect(anchorLexemes(query, new Map([['kiosk', 0.01]]))).toEqual(['harbour', 'harbor']);
  });

  it('keeps a single word whole and finds nothing without words', () => {
    expect(anchorLexemes("('kiosk')")).toEqual(['kiosk']);
    expect(anchorLexemes(null)).toEqual([]);
    expect(anchorLexemes('')).toEqual([]);
  });
});

describe('anchorKeyword', () => {
  it('takes the keyword fewest videos have; one no video has counts as none', () => {
    const counts = new Map([
      ['storm', 900],
      ['limassol', 12],
      ['flood', 40],
    ]);
    expect(anchorKeyword(['storm', 'flood', 'limassol'], counts)).toBe('limassol');
    expect(anchorKeyword(['storm', 'newword'], counts)).toBe('newword');
  });

  it('takes the first in byte order of equals, and finds nothing without keywords', () => {
    expect(anchorKeyword(['kiosk', 'harbour'], new Map())).toBe('harbour');
    expect(anchorKeyword([], new Map())).toBeNull();
  });
});
