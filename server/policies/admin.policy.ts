import { notAuthorized } from '../errors';
import { assertSignedIn, type CallerFacts } from './caller';
import { isAdmin } from './staff.policy';

/**
 * The admin back office (SPEC 6: the admin right): a visitor gets 401, anyone signed in without the
 * admin right 403, whatever other rights they hold (manage_videos, manage_licenses).
 */
export function assertAdmin<T extends Pick<CallerFacts, 'id' | 'rights'>>(
  caller: T | null | undefined,
): asserts caller is T {
  assertSignedIn(caller);
  if (!isAdmin(caller)) throw notAuthorized();
}
