import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { assertVerified } from './verification.policy';

const refusal = (caller: { verified: boolean } | null) => {
  try {
    assertVerified(caller);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { code, status } = error as AppError;
    return { code, status };
  }
};

describe('assertVerified', () => {
  it('asks a visitor to sign in', () => {
    expect(refusal(null)).toEqual({ code: 'NOT_AUTHENTICATED', status: 401 });
  });

  it('refuses a signed-in user who has not finished the verification', () => {
    expect(refusal({ verified: false })).toEqual({ code: 'NOT_VERIFIED', status: 403 });
  });

  it('lets a verified user through', () => {
    expect(refusal({ verified: true })).toBeNull();
  });
});
