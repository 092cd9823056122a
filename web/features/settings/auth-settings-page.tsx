import { Badge, Button, Container, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePasswordInput, setPasswordInput } from '../../../common/contracts/auth';
import { ROUTES } from '../../../common/routes';
import { FormError } from '../../components/form-error';
import { RequireSignIn } from '../../components/require-sign-in';
import { api } from '../../lib/api';
import { fieldProps, zodValidator } from '../../lib/forms';
import { usePublicConfig } from '../../lib/public-config';
import { useRouteNames } from '../../lib/route-title';
import { useSession } from '../../lib/session';
import { useSocialRedirect } from '../../lib/social-redirect';
import { showToast } from '../../lib/toast';

const blank = { currentPassword: '', newPassword: '', newPasswordConfirm: '' };

function ChangePasswordCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api('/api/auth/change-password', { method: 'POST', body: { ...body, revokeOtherSessions: true } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['session'] }),
  });
  const form = useForm({ initialValues: blank, validate: zodValidator(changePasswordInput) });
  const handleSubmit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.setValues(blank);
          showToast('success', t('settings.auth.changed'));
        },
      },
    ),
  );

  return (
    <Paper withBorder radius="lg" p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm" maw={420}>
          <Title order={2} fz="lg">
            {t('settings.auth.changePasswordTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.auth.changePasswordIntro')}
          </Text>
          <PasswordInput
            label={t('settings.auth.currentPassword')}
            autoComplete="current-password"
            required
            {...fieldProps(form, t, 'currentPassword')}
          />
          <PasswordInput
            label={t('auth.newPassword')}
            autoComplete="new-password"
            required
            {...fieldProps(form, t, 'newPassword')}
          />
          <PasswordInput
            label={t('auth.newPasswordConfirm')}
            autoComplete="new-password"
            required
            {...fieldProps(form, t, 'newPasswordConfirm')}
          />
          <FormError error={change.error} />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('settings.auth.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function SetPasswordCard({ providers }: { providers: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const set = useMutation({
    mutationFn: (body: { newPassword: string }) => api('/api/account/password', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['session'] }),
  });
  const form = useForm({
    initialValues: { newPassword: '', newPasswordConfirm: '' },
    validate: zodValidator(setPasswordInput),
  });
  const handleSubmit = form.onSubmit(({ newPassword }) =>
    set.mutate({ newPassword }, { onSuccess: () => showToast('success', t('settings.auth.passwordSet')) }),
  );
  return (
    <Paper withBorder radius="lg" p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm" maw={420}>
          <Title order={2} fz="lg">
            {t('settings.auth.setPasswordTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.auth.setPasswordIntro', { providers })}
          </Text>
          <PasswordInput
            label={t('auth.newPassword')}
            autoComplete="new-password"
            required
            {...fieldProps(form, t, 'newPassword')}
          />
          <PasswordInput
            label={t('auth.newPasswordConfirm')}
            autoComplete="new-password"
            required
            {...fieldProps(form, t, 'newPasswordConfirm')}
          />
          <FormError error={set.error} />
          <Button type="submit" loading={set.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('settings.auth.setPasswordSave')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** The configured social logins, each connected or with a button to connect it. */
function ConnectedAccountsCard({ connected }: { connected: string[] }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const link = useSocialRedirect();
  const providers = config?.socialProviders ?? [];
  if (providers.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm" maw={520}>
        <Title order={2} fz="lg">
          {t('settings.auth.connectedTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.auth.connectedIntro')}
        </Text>
        {providers.map((provider) => (
          <Group key={provider.id} justify="space-between">
            <Text fw={600}>{provider.name}</Text>
            {connected.includes(provider.id) ? (
              <Badge color="teal" variant="light">
                {t('settings.auth.connected')}
              </Badge>
            ) : (
              <Button
                variant="default"
                size="xs"
                loading={link.isPending && link.variables?.provider === provider.id}
                onClick={() =>
                  link.mutate({
                    path: 'link-social',
                    provider: provider.id,
                    callbackURL: `${ROUTES.settingsAuth}?linked=${encodeURIComponent(provider.id)}`,
                  })
                }
              >
                {t('settings.auth.connect')}
              </Button>
            )}
          </Group>
        ))}
        <FormError error={link.error} />
      </Stack>
    </Paper>
  );
}

/** /me/settings/auth: how the user signs in (change password now; e-mail and social accounts next). */
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
            <ConnectedAccountsCard connected={user.socialProviders} />
          </Stack>
        )}
      </Container>
    </RequireSignIn>
  );
}
