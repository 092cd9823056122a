import { useSession } from '../../lib/session';
import { BillingAddresses } from './billing-addresses';

/**
 * /me/settings/billing: the billing addresses used for license requests (SPEC 3). Inside SettingsLayout,
 * which gives the heading, the tabs and the sign-in guard.
 */
export function BillingPage() {
  const { user } = useSession();
  if (!user) return null;
  return <BillingAddresses user={user} />;
}
