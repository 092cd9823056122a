import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle, IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error';
import { api } from '../../lib/api';
import { usePublicConfig } from '../../lib/public-config';

const ICONS: Record<string, typeof IconKey> = { google: IconBrandGoogle, facebook: IconBrandFacebook };

/**
 * Starts a social sign-in: the server answers with the provider's address and the browser goes there.
 * A failure comes back to `/?socialError=<provider>&error=…`, which features/auth/auth-actions reads.
 */
export function useSocialRedirect() {
  return useMutation({
    mutationFn: async (request: {
      path: 'sign-in/social' | 'link-social';
      provider: string;
      callbackURL: string;
    }) => {
      const { url } = await api<{ url: string }>(`/api/auth/${request.path}`, {
        method: 'POST',
        body: {
          provider: request.provider,
          callbackURL: request.callbackURL,
          errorCallbackURL: `/?socialError=${encodeURIComponent(request.provider)}`,
        },
      });
      window.location.assign(url);
    },
  });
}

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
