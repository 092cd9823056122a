import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { signInInput } from '../../../common/contracts/auth';
import { FormError } from '../../components/form-error';
import { zodValidator } from '../../lib/forms';
import { useProviderName } from '../../lib/public-config';
import { useSocialRedirect } from '../../lib/social-redirect';
import { useTranslation } from '../../lib/translation';
import { useSignIn } from './api';
import { AuthHeading } from './auth-heading';
import { EmailField, PasswordField } from './credential-fields';

/**
 * Merge accounts (SPEC 2.4): the social login's e-mail already has an account. The person proves it is
 * theirs with its password; then the social account is linked to it (one more trip to the provider,
 * usually without a prompt) and both ways of signing in lead to the same account.
 */
export function MergeAccountsForm({ provider }: { provider: string }) {
  const { t } = useTranslation();
  const providerName = useProviderName(provider);
  const signIn = useSignIn();
  const link = useSocialRedirect();
  const form = useForm({ initialValues: { email: '', password: '' }, validate: zodValidator(signInInput) });
  const handleSubmit = form.onSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: () =>
        link.mutate({
          path: 'link-social',
          provider,
          callbackURL: `/?linked=${encodeURIComponent(provider)}`,
        }),
    }),
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('auth.mergeTitle')} intro={t('auth.mergeIntro', { provider: providerName })} />
        <Alert color="blue">{t('auth.mergeWhy', { provider: providerName })}</Alert>
        <EmailField form={form} />
        <PasswordField form={form} />
        <FormError error={signIn.error ?? link.error} />
        <Button type="submit" size="md" loading={signIn.isPending || link.isPending} fullWidth>
          {t('auth.mergeButton', { provider: providerName })}
        </Button>
      </Stack>
    </form>
  );
}
