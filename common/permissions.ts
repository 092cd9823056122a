/** Staff rights (SPEC 1, 6). Changeable only by an admin. */
export const RIGHTS = ['admin', 'manage_videos'] as const;
export type Right = (typeof RIGHTS)[number];

/** An admin holds every right. */
export function hasRight(user: { rights: readonly string[] } | null | undefined, right: Right): boolean {
  if (!user) return false;
  return user.rights.includes('admin') || user.rights.includes(right);
}
