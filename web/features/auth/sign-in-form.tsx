import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { signInInput } from '../../../common/contracts/auth';
import { FormError } from '../../components/form-error';
import { zodValidator } from '../../lib/forms';
import type { AuthView } from '../../lib/overlays';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useSignIn } from './api';
import { AuthHeading } from './auth-heading';
import { EmailField, PasswordField } from './credential-fields';
import { SocialButtons } from './social-buttons';

export function SignInForm({ onSwitch, onDone }: { onSwitch: (view: AuthView) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const form = useForm({ initialValues: { email: '', password: '' }, validate: zodValidator(signInInput) });

  const handleSubmit = form.onSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: () => {
        showToast('success', t('auth.welcomeBack'));
        onDone();
      },
    }),
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('auth.signInTitle')} intro={t('auth.signInIntro')} />
        <EmailField form={form} />
        <PasswordField form={form} />
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="right"
          onClick={() => onSwitch('forgotPassword')}
        >
          {t('auth.forgotLink')}
        </Anchor>
        <FormError error={signIn.error} />
        <Button type="submit" size="md" loading={signIn.isPending} fullWidth>
          {t('auth.signInButton')}
        </Button>
        <SocialButtons />
        <Text size="sm" ta="center">
          {t('auth.noAccount')}{' '}
          <Anchor component="button" type="button" fw={700} onClick={() => onSwitch('signUp')}>
            {t('auth.signUpLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
