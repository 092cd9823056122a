import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { latestDateOfBirth, type OwnerMessages, ownerFields } from './owner';

const messages: OwnerMessages = {
  nameRequired: 'nameRequired',
  tooLong: 'tooLong',
  emailInvalid: 'emailInvalid',
  phoneInvalid: 'phoneInvalid',
  countryRequired: 'countryRequired',
  instagramInvalid: 'instagramInvalid',
  dobRequired: 'dobRequired',
  dobTooYoung: 'dobTooYoung',
};
const messagesOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
const main = ownerFields(messages);
const tv = ownerFields(messages, { latestDob: '2003-04-01' });

describe('the owner rules (SPEC 5, 9)', () => {
  it('want a full name of at least 3 characters, in every form', () => {
    for (const fields of [main, tv]) {
      expect(messagesOf(fields.name, ' Al ')).toEqual(['nameRequired']);
      expect(messagesOf(fields.name, 'Ali')).toEqual([]);
    }
  });

  it('want an owner of 16 or older, and no later date of birth than a fixed picker maximum', () => {
    const fifteen = `${new Date().getUTCFullYear() - 15}-01-01`;
    expect(messagesOf(main.dob, fifteen)).toEqual(['dobTooYoung']);
    expect(messagesOf(main.dob, '2005-01-01')).toEqual([]);
    expect(messagesOf(tv.dob, '2005-01-01')).toEqual(['dobTooYoung']);
    expect(messagesOf(tv.dob, '2003-04-01')).toEqual([]);
  });

  it('call a date that is not one missing, not also too young', () => {
    for (const value of ['', '2001-02-30', '1899-12-31', '17/05/1990'])
      expect(messagesOf(main.dob, value)).toEqual(['dobRequired']);
  });

  it('offer the later of the two limits in the picker', () => {
    const today = new Date(2026, 10, 25);
    expect(latestDateOfBirth({}, today)).toBe('2010-11-25');
    expect(latestDateOfBirth({ latestDob: '2003-04-01' }, today)).toBe('2003-04-01');
    expect(latestDateOfBirth({}, new Date(2028, 1, 29))).toBe('2012-02-29');
    expect(latestDateOfBirth({}, new Date(2029, 1, 28))).toBe('2013-02-28');
  });
});
