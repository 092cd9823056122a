import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle, IconKey } from '@tabler/icons-react';
import { FormError } from '../../components/form-error';
import { usePublicConfig } from '../../lib/public-config';
import { useSocialRedirect } from '../../lib/social-redirect';
import { useTranslation } from '../../lib/translation';

const ICONS: Record<string, typeof IconKey> = { google: IconBrandGoogle, facebook: IconBrandFacebook };

/** One button per configured social login (none when none is configured), under an 'or' divider. */
export function SocialButtons() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const redirect = useSocialRedirect();
  const providers = config?.socialProviders ?? [];
  if (providers.length === 0) return null;
  const back = `${window.location.pathname}${window.location.search}`.replace(/^\/auth\/[a-z_]+/, '/');

  return (
    <Stack gap="sm">
      <Divider label={t('auth.or')} labelPosition="center" />
      {providers.map((provider) => {
        const Icon = ICONS[provider.id] ?? IconKey;
        return (
          <Button
            key={provider.id}
            variant="default"
            size="md"
            leftSection={<Icon size={18} />}
            loading={redirect.isPending && redirect.variables?.provider === provider.id}
            onClick={() =>
              redirect.mutate({ path: 'sign-in/social', provider: provider.id, callbackURL: back })
            }
          >
            {t('auth.socialSignIn', { provider: provider.name })}
          </Button>
        );
      })}
      <FormError error={redirect.error} />
    </Stack>
  );
}
