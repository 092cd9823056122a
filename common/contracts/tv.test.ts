import { describe, expect, it } from 'vitest';
import { tvFormSchema } from './tv';

const valid = {
  video: { title: 'Waves', description: 'Storm waves.', keywordsString: '', youtubeUrl: '' },
  owner: {
    name: 'Eleni Georgiou',
    email: 'eleni@example.com',
    phoneNumber: '+35799123456',
    country: 'CY',
    instagram: '',
    dob: '2003-04-01',
  },
  isPolicyAgreed: true,
  signature: 'data:image/png;base64,AAAA',
  file: {},
};
const messagesOf = (values: unknown) =>
  tvFormSchema.safeParse(values).error?.issues.map((issue) => issue.message);

describe('the TV form (SPEC 5)', () => {
  it('accepts a complete form, the date of birth up to the picker maximum', () => {
    expect(tvFormSchema.safeParse(valid).success).toBe(true);
    expect(messagesOf({ ...valid, owner: { ...valid.owner, dob: '2003-04-02' } })).toEqual([
      'tv.form.errors.dobRequired',
    ]);
  });

  it('wants the same owner name as the main form: at least 3 characters (SPEC 5 "Full name")', () => {
    expect(messagesOf({ ...valid, owner: { ...valid.owner, name: 'El' } })).toEqual([
      'tv.form.errors.ownerNameRequired',
    ]);
  });

  it('asks for the file, the signature and the terms with their own keys', () => {
    expect(messagesOf({ ...valid, file: null })).toEqual(['tv.form.errors.fileRequired']);
    expect(messagesOf({ ...valid, signature: '' })).toEqual(['tv.form.errors.signatureRequired']);
    expect(messagesOf({ ...valid, isPolicyAgreed: false })).toEqual([
      'tv.form.errors.termsAgreementRequired',
    ]);
  });

  it('leaves keywords, the external link and Instagram optional, but checks them when given', () => {
    expect(messagesOf({ ...valid, video: { ...valid.video, youtubeUrl: 'javascript:alert(1)' } })).toEqual([
      'tv.form.errors.youtubeUrlInvalid',
    ]);
    expect(messagesOf({ ...valid, owner: { ...valid.owner, instagram: 'eleni' } })).toEqual([
      'tv.form.errors.instagramInvalid',
    ]);
  });
});
