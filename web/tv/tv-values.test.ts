import { describe, expect, it } from 'vitest';
import { emptyTvValues, formFieldOf, validateTv } from './tv-values';

describe('the TV form values', () => {
  it('put the contract fields it holds differently on its own inputs', () => {
    expect(formFieldOf('owner.phoneNumber')).toBe('owner.phone');
    expect(formFieldOf('video.fileName')).toBe('file');
    expect(formFieldOf('video.title')).toBe('video.title');
  });

  it('check an empty form with SPEC 5 keys, the phone on the phone input', () => {
    const errors = validateTv(emptyTvValues());
    expect(errors).toMatchObject({
      file: 'tv.form.errors.fileRequired',
      'video.title': 'tv.form.errors.titleRequired',
      'owner.name': 'tv.form.errors.ownerNameRequired',
      'owner.phone': 'tv.form.errors.phoneNumberRequired',
      'owner.dob': 'tv.form.errors.dobRequired',
      signature: 'tv.form.errors.signatureRequired',
      isPolicyAgreed: 'tv.form.errors.termsAgreementRequired',
    });
    expect(errors).not.toHaveProperty('owner.phoneNumber');
  });
});
