/**
 * Staff rights (SPEC 1, 6; DESIGN "Rights"). Changeable only by an admin. `manage_licenses`: license
 * managers quote prices, talk with buyers and cancel license requests.
 */
export const RIGHTS = ['admin', 'manage_videos', 'manage_licenses'] as const;
export type Right = (typeof RIGHTS)[number];

/** An admin holds every right. */
export function hasRight(user: { rights: readonly string[] } | null | undefined, right: Right): boolean {
  if (!user) return false;
  return user.rights.includes('admin') || user.rights.includes(right);
}
