import { Stack } from '@mantine/core';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { ChangeEmailCard } from './change-email-card';
import { ChangePasswordCard } from './change-password-card';
import { ConnectedAccountsCard } from './connected-accounts-card';
import { SetPasswordCard } from './set-password-card';

/** /me/settings/auth: how the user signs in (password, e-mail, connected social accounts); inside SettingsLayout. */
export function AuthSettingsPage() {
  const { user } = useSession();
  const config = usePublicConfig();
  const providerNames = (user?.socialProviders ?? []).map(
    (id) => config?.socialProviders.find((provider) => provider.id === id)?.name ?? id,
  );
  if (!user) return null;
  return (
    <Stack gap="lg">
      {user.passwordSet ? <ChangePasswordCard /> : <SetPasswordCard providers={providerNames.join(', ')} />}
      {user.passwordSet && <ChangeEmailCard email={user.email} />}
      <ConnectedAccountsCard connected={user.socialProviders} />
    </Stack>
  );
}
