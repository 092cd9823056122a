import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../components/page-placeholder';
import { rememberReferrer } from '../lib/referrer';

/** /join/{userId}: remembers the inviting user for the sign-up (the invitation page itself comes later). */
export function JoinRoute() {
  const { userId } = useParams();
  useEffect(() => {
    if (userId) rememberReferrer(userId);
  }, [userId]);
  return <PagePlaceholder />;
}
