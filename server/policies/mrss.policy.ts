import { notAuthorized } from '../errors';
import { assertSignedIn, type CallerFacts } from './caller';
import { isAdmin } from './staff.policy';

/**
 * Media RSS feeds are managed by admins alone (SPEC 2.1 "/admin/mrss"): a visitor gets 401, anyone else
 * 403, staff with `manage_videos` or `manage_licenses` included. Partners read a feed by its secret URL.
 */
export function assertMrssAdmin<T extends Pick<CallerFacts, 'id' | 'rights'>>(
  caller: T | null | undefined,
): asserts caller is T {
  assertSignedIn(caller);
  if (!isAdmin(caller)) throw notAuthorized();
}
