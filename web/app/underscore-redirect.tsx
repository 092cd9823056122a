import { Navigate, useLocation } from 'react-router';
import { stripUnderscoreSegments } from '../../common/routes';

/** `/_/*` (SPEC 2.1): drop the underscore segments and go there, replacing the history entry. */
export function UnderscoreRedirect() {
  const location = useLocation();
  return (
    <Navigate
      replace
      to={stripUnderscoreSegments(`${location.pathname}${location.search}${location.hash}`)}
    />
  );
}
