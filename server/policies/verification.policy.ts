import { AppError } from '../errors';

/** Who may take a verified-only action (SPEC 6: upload, licence requests ...). */
export interface Caller {
  verified: boolean;
}

/**
 * Verified-only actions: a visitor must sign in (401), a signed-in user who has not finished the
 * verification gets NOT_VERIFIED (403), which the web answers with the verification modal.
 */
export function assertVerified<T extends Caller>(caller: T | null): asserts caller is T {
  if (!caller) throw new AppError('NOT_AUTHENTICATED', 401);
  if (!caller.verified) throw new AppError('NOT_VERIFIED', 403);
}
