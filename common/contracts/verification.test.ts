import { describe, expect, it } from 'vitest';
import { profileBody } from './verification';

const valid = {
  username: 'maria_p',
  name: 'Maria Papadopoulou',
  role: 'creator',
  bio: 'Night markets in Athens.',
  instagram: '',
  country: 'GR',
  isBusinessAccount: true,
  companyName: 'Harbour Films',
  isPolicyAgreed: true,
  isAgeRestrictionAgreed: true,
};
const problems = (values: object) =>
  (profileBody.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the profile contract', () => {
  it('accepts a business with its company name', () => {
    expect(problems(valid)).toEqual([]);
  });

  it("names a business's missing company name together with the form's other problems", () => {
    expect(problems({ ...valid, companyName: '', bio: '', isPolicyAgreed: false })).toEqual([
      ['bio', 'profile.errors.bioRequired'],
      ['isPolicyAgreed', 'profile.errors.policyRequired'],
      ['companyName', 'profile.errors.atLeast3'],
    ]);
  });

  it('asks no company name of a private person', () => {
    expect(problems({ ...valid, isBusinessAccount: false, companyName: '' })).toEqual([]);
  });
});
