import { useEffect } from 'react';
import { HomePage } from '../features/home/home-page';
import { type AuthView, openOverlay } from '../lib/overlays';

/** /auth/sign_in, /auth/sign_up, /auth/forgot_password: the home page with the matching overlay open. */
export function AuthRoute({ view }: { view: AuthView }) {
  useEffect(() => openOverlay('auth', { view }), [view]);
  return <HomePage />;
}
