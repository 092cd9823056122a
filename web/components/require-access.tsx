import { type ReactNode, useEffect } from 'react';
import type { Right } from '../../common/permissions';
import { openOverlay } from '../lib/overlays';
import { useSession } from '../lib/session';
import { AccessDenied } from './access-denied';
import { RequireSignIn } from './require-sign-in';

/**
 * A verified-only screen (upload, license requests): a visitor is asked to sign in; a signed-in user
 * who is not verified sees why, and the verification modal opens (the server refuses them anyway).
 */
export function RequireVerified({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const blocked = user !== null && !user.verified;
  useEffect(() => {
    if (blocked) openOverlay('verification');
  }, [blocked]);
  return <RequireSignIn>{blocked ? <AccessDenied variant="notVerified" /> : children}</RequireSignIn>;
}

/** A staff screen: only with the right (admins hold them all); others see "not authorized". */
export function RequireRight({ right, children }: { right: Right; children: ReactNode }) {
  const { can } = useSession();
  return <RequireSignIn>{can(right) ? children : <AccessDenied variant="notAuthorized" />}</RequireSignIn>;
}
