import { Badge, Button, Group, Text } from '@mantine/core';
import { ROUTES } from '../../../common/routes';
import { FormError } from '../../components/form-error';
import { usePublicConfig } from '../../lib/public-config';
import { useSocialRedirect } from '../../lib/social-redirect';
import { useTranslation } from '../../lib/translation';
import { SettingsCard } from './settings-card';

/** The configured social logins, each connected or with a button to connect it. */
export function ConnectedAccountsCard({ connected }: { connected: string[] }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const link = useSocialRedirect();
  const providers = config?.socialProviders ?? [];
  if (providers.length === 0) return null;
  return (
    <SettingsCard
      title={t('settings.auth.connectedTitle')}
      intro={t('settings.auth.connectedIntro')}
      width={520}
    >
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
    </SettingsCard>
  );
}
