import { hasRight } from '../../common/permissions';
import { notAuthorized } from '../errors';
import { assertSignedIn, type CallerFacts } from './caller';

/** Staff with `manage_videos`, and admins, review, edit and see every video whatever its status (SPEC 1, 6). */
export function isVideoStaff(caller: Pick<CallerFacts, 'rights'> | null | undefined): boolean {
  return hasRight(caller, 'manage_videos');
}

/** Staff-only actions (the review queue, status changes, deciding edit suggestions): 401, then 403. */
export function assertVideoStaff<T extends Pick<CallerFacts, 'id' | 'rights'>>(
  caller: T | null | undefined,
): asserts caller is T {
  assertSignedIn(caller);
  if (!isVideoStaff(caller)) throw notAuthorized();
}

/** Admins alone see who referred a member (SPEC 2.3, 6) and run the back office. */
export function isAdmin(caller: Pick<CallerFacts, 'rights'> | null | undefined): boolean {
  return caller?.rights.includes('admin') === true;
}

/** Who referred a member (on profiles, video pages and search cards) is for admins' eyes only. */
export function canSeeReferrer(caller: Pick<CallerFacts, 'rights'> | null | undefined): boolean {
  return isAdmin(caller);
}

/** The back office (issue 20): admins only; a visitor gets 401, anyone else 403. */
export function assertAdmin<T extends Pick<CallerFacts, 'id' | 'rights'>>(
  caller: T | null | undefined,
): asserts caller is T {
  assertSignedIn(caller);
  if (!isAdmin(caller)) throw notAuthorized();
}
