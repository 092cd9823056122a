import { describe, expect, it } from 'vitest';
import el from '../../../common/i18n/el.json';
import en from '../../../common/i18n/en.json';
import { Translator } from '../../../common/translator';
import { ApiError } from '../../lib/api';
import { verificationErrorText } from './verification-errors';

const i18n = new Translator('en', { en, el });

const wrongCode = (code: string) => new ApiError(400, code, { remaining: 4, total: 5 });

describe('verificationErrorText', () => {
  it('ends the reason with a stop before the tries left, in both languages', async () => {
    await i18n.changeLanguage('en');
    expect(verificationErrorText(wrongCode('INVALID_PHONE_CODE'), i18n.t, i18n)).toBe(
      'Invalid verification code. 4 of 5 attempts left.',
    );
    // A reason that already ends a sentence keeps its own mark.
    expect(verificationErrorText(wrongCode('INVALID_CODE'), i18n.t, i18n)).toMatch(
      /!\s4 of 5 attempts left\.$/,
    );
    await i18n.changeLanguage('el');
    expect(verificationErrorText(wrongCode('INVALID_PHONE_CODE'), i18n.t, i18n)).toBe(
      'Μη έγκυρος κωδικός επαλήθευσης. Απομένουν 4 από 5 προσπάθειες.',
    );
  });
});
