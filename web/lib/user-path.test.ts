import { describe, expect, it } from 'vitest';
import el from '../../common/i18n/el.json';
import en from '../../common/i18n/en.json';
import { Translator } from '../../common/translator';
import { displayName } from './user-path';

const i18n = new Translator('en', { en, el });

describe('displayName', () => {
  it('calls a member without a name "Anonymous" in English and "Ανώνυμος" in Greek (SPEC 3.2)', () => {
    for (const name of [null, undefined, '', '   ']) {
      expect(displayName(name, i18n.getFixedT('en'))).toBe('Anonymous');
      expect(displayName(name, i18n.getFixedT('el'))).toBe('Ανώνυμος');
    }
  });

  it("shows a member's own name as they wrote it", () => {
    expect(displayName(' Maria Papadopoulou ', i18n.getFixedT('el'))).toBe('Maria Papadopoulou');
  });
});
