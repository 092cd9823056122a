import { buildPath, ROUTES } from '../../common/routes';
import type { TFunction } from '../../common/translator';
import { useSession } from './session';

/** Where a user link goes (SPEC 2.3): /me for the signed-in user, /users/{id} for anyone else. */
export function useUserPath() {
  const { user } = useSession();
  return (userId: string) => (user?.id === userId ? ROUTES.me : buildPath(ROUTES.user, { userId }));
}

/** The name to show: a user without one yet gets the default name (SPEC 3). */
export function displayName(name: string | null | undefined, t: TFunction): string {
  return name?.trim() || t('users.defaultName');
}
