import { Alert, Anchor, Avatar, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { signUpInput } from '../../../common/contracts/auth';
import { ROUTES } from '../../../common/routes';
import { FormError } from '../../components/form-error';
import { fieldProps, zodValidator } from '../../lib/forms';
import type { AuthView } from '../../lib/overlays';
import { rememberedReferrer } from '../../lib/referrer';
import { showToast } from '../../lib/toast';
import { Trans, useTranslation } from '../../lib/translation';
import { useInviter, useSignUp } from './api';
import { AuthHeading } from './auth-heading';
import { EmailField, PasswordField } from './credential-fields';
import { SocialButtons } from './social-buttons';

export function SignUpForm({ onSwitch, onDone }: { onSwitch: (view: AuthView) => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const signUp = useSignUp();
  const referrer = rememberedReferrer();
  const inviter = useInviter(referrer);
  const form = useForm({
    initialValues: { email: '', password: '', passwordConfirm: '' },
    validate: zodValidator(signUpInput),
  });

  const handleSubmit = form.onSubmit(({ email, password }) =>
    signUp.mutate(
      {
        email,
        password,
        language: i18n.language,
        ...(inviter.data && { referrer_id: inviter.data.id }),
      },
      {
        onSuccess: ({ signedIn }) => {
          if (!signedIn) return; // the form shows "check your e-mail" instead
          showToast('success', t('auth.welcome'));
          onDone();
        },
      },
    ),
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('auth.signUpTitle')} intro={t('auth.signUpIntro')} />
        {inviter.data && (
          <Group gap="sm" p="sm" bg="teal.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            {/* Decorative: the text beside it names the inviter */}
            <Avatar src={inviter.data.image} alt="" name={inviter.data.name} color="initials" radius="xl" />
            <Text size="sm">{t('auth.invitedBy', { name: inviter.data.name || t('auth.aMember') })}</Text>
          </Group>
        )}
        {signUp.data?.signedIn === false ? (
          <Alert color="teal" icon={<IconMailCheck />} role="status">
            {t('auth.signUpCheckEmail', { email: form.getValues().email })}
          </Alert>
        ) : (
          <>
            <EmailField form={form} />
            <PasswordField form={form} isNew />
            <PasswordInput
              label={t('auth.passwordConfirm')}
              autoComplete="new-password"
              required
              {...fieldProps(form, t, 'passwordConfirm')}
            />
            <FormError error={signUp.error} />
            <Button type="submit" size="md" loading={signUp.isPending} fullWidth>
              {t('auth.signUpButton')}
            </Button>
            {/* The documents open in a new tab, so the form and what was typed stay. */}
            <Text size="xs" c="dimmed" ta="center">
              <Trans
                i18nKey="auth.signUpTerms"
                components={{
                  terms: (
                    <Anchor component={Link} to={ROUTES.terms} target="_blank" inherit underline="always" />
                  ),
                  privacy: (
                    <Anchor component={Link} to={ROUTES.privacy} target="_blank" inherit underline="always" />
                  ),
                }}
              />
            </Text>
          </>
        )}
        <SocialButtons />
        <Text size="sm" ta="center">
          {t('auth.haveAccount')}{' '}
          <Anchor component="button" type="button" fw={700} onClick={() => onSwitch('signIn')}>
            {t('auth.signInLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
