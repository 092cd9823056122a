import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { signInInput } from '../../../common/contracts/auth';
import { FormError } from '../../components/form-error';
import { fieldProps, zodValidator } from '../../lib/forms';
import type { AuthView } from '../../lib/overlays';
import { showToast } from '../../lib/toast';
import { useSignIn } from './api';
import { AuthHeading } from './auth-heading';
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
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          required
          data-autofocus
          {...fieldProps(form, t, 'email')}
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          required
          {...fieldProps(form, t, 'password')}
        />
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
