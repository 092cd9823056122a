import { AppError } from '../errors';
import { assertSignedIn, type CallerFacts } from './caller';

/**
 * Verified-only actions (SPEC 6: upload, license requests ...): a visitor must sign in (401), a signed-in
 * user who has not finished the verification gets NOT_VERIFIED (403), which the web answers with the
 * verification modal.
 */
export function assertVerified<T extends Pick<CallerFacts, 'verified'>>(
  caller: T | null | undefined,
): asserts caller is T {
  assertSignedIn(caller);
  if (!caller.verified) throw new AppError('NOT_VERIFIED', 403);
}
