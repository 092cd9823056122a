import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors';
import { assertAllowed } from './caller';
import { isAdmin } from './staff.policy';

const refusal = (caller: { id: string; rights: string[] } | null) => {
  try {
    assertAllowed(caller, isAdmin);
    return null;
  } catch (error) {
    return (error as AppError).status;
  }
};

describe('assertAllowed with isAdmin', () => {
  it('asks a visitor to sign in and refuses every right but admin', () => {
    expect(refusal(null)).toBe(401);
    expect(refusal({ id: 'm', rights: [] })).toBe(403);
    expect(refusal({ id: 's', rights: ['manage_videos'] })).toBe(403);
    expect(refusal({ id: 'l', rights: ['manage_licenses'] })).toBe(403);
    expect(refusal({ id: 'a', rights: ['admin'] })).toBeNull();
  });
});
