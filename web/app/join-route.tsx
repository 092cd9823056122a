import { useEffect } from 'react';
import { useParams } from 'react-router';
import { JoinPage } from '../features/referrals/join-page';
import { rememberReferrer } from '../lib/referrer';

/** /join/{userId}: remembers the inviting user for the sign-up (also a social one) and shows the invitation. */
export function JoinRoute() {
  const { userId } = useParams();
  useEffect(() => {
    if (userId) rememberReferrer(userId);
  }, [userId]);
  return <JoinPage inviterId={userId} />;
}
