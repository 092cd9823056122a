import { Container, Stack, Title } from '@mantine/core';
import { RequireSignIn } from '../../components/require-sign-in';
import { usePublicConfig } from '../../lib/public-config';
import { useRouteNames } from '../../lib/route-title';
import { useSession } from '../../lib/session';
import { ChangeEmailCard } from './change-email-card';
import { ChangePasswordCard } from './change-password-card';
import { ConnectedAccountsCard } from './connected-accounts-card';
import { SetPasswordCard } from './set-password-card';

/** /me/settings/auth: how the user signs in (password, e-mail, connected social accounts). */
export function AuthSettingsPage() {
  const [title] = useRouteNames();
  const { user } = useSession();
  const config = usePublicConfig();
  const providerNames = (user?.socialProviders ?? []).map(
    (id) => config?.socialProviders.find((provider) => provider.id === id)?.name ?? id,
  );
  return (
    <RequireSignIn>
      <Container size="md" py="xl">
        <Title order={1} mb="lg">
          {title}
        </Title>
        {user && (
          <Stack gap="lg">
            {user.passwordSet ? (
              <ChangePasswordCard />
            ) : (
              <SetPasswordCard providers={providerNames.join(', ')} />
            )}
            {user.passwordSet && <ChangeEmailCard email={user.email} />}
            <ConnectedAccountsCard connected={user.socialProviders} />
          </Stack>
        )}
      </Container>
    </RequireSignIn>
  );
}
