import { describe, expect, it } from 'vitest';
import { splitParagraphs } from './paragraphs';

describe('splitParagraphs', () => {
  it('splits on blank lines and keeps single line breaks', () => {
    expect(splitParagraphs('First line\nstill first\n\nSecond')).toEqual([
      'First line\nstill first',
      'Second',
    ]);
  });

  it('treats several blank lines, lines of spaces and Windows line ends as one break', () => {
    expect(splitParagraphs('  One  \r\n\r\n\r\n \t \nTwo\n\n\n\nThree\n')).toEqual(['One', 'Two', 'Three']);
  });

  it('gives nothing for an empty or blank description', () => {
    expect(splitParagraphs('')).toEqual([]);
    expect(splitParagraphs(' \n\n \n')).toEqual([]);
  });

  it('keeps a one-paragraph description whole', () => {
    expect(splitParagraphs('Storm over Limassol')).toEqual(['Storm over Limassol']);
  });
});
