import { hasRight } from '../../common/permissions';
import type { CallerFacts } from './caller';

/** Staff with `manage_videos`, and admins, review, edit and see every video whatever its status (SPEC 1, 6). */
export function isVideoStaff(caller: Pick<CallerFacts, 'rights'> | null | undefined): boolean {
  return hasRight(caller, 'manage_videos');
}

/** Admins alone see who referred a member (SPEC 2.3, 6) and run the back office. */
export function isAdmin(caller: Pick<CallerFacts, 'rights'> | null | undefined): boolean {
  return caller?.rights.includes('admin') === true;
}

/** Who referred a member (on profiles, video pages and search cards) is for admins' eyes only. */
export function canSeeReferrer(caller: Pick<CallerFacts, 'rights'> | null | undefined): boolean {
  return isAdmin(caller);
}
