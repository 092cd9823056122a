import { Anchor, Button, Loader, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { newPasswordInput } from '../../../common/contracts/auth';
import { FormError } from '../../components/form-error';
import { NewPasswordFields } from '../../components/new-password-fields';
import { zodValidator } from '../../lib/forms';
import type { AuthView } from '../../lib/overlays';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { checkResetCode, useResetPassword } from './api';
import { AuthHeading } from './auth-heading';

/** Set new password (SPEC 2.4), from a reset link: the e-mail shown read-only, the new password twice. */
export function SetPasswordForm({ code, onSwitch }: { code: string; onSwitch: (view: AuthView) => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const check = useQuery({
    queryKey: ['reset-code', code],
    queryFn: ({ signal }) => checkResetCode(code, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const form = useForm({
    initialValues: { newPassword: '', newPasswordConfirm: '' },
    validate: zodValidator(newPasswordInput),
  });
  const handleSubmit = form.onSubmit(({ newPassword }) =>
    reset.mutate(
      { token: code, newPassword },
      {
        onSuccess: () => {
          showToast('success', t('auth.passwordChanged'));
          onSwitch('signIn');
        },
      },
    ),
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('auth.setPasswordTitle')} intro={t('auth.setPasswordIntro')} />
        {check.isPending && <Loader size="sm" aria-label={t('auth.checkingLink')} />}
        {check.isError && (
          <>
            <FormError error={check.error} />
            <Anchor component="button" type="button" size="sm" onClick={() => onSwitch('forgotPassword')}>
              {t('auth.forgotTitle')}
            </Anchor>
          </>
        )}
        {check.isSuccess && (
          <>
            <TextInput
              label={t('auth.email')}
              value={check.data.email}
              readOnly
              variant="filled"
              autoComplete="username"
            />
            <NewPasswordFields form={form} autoFocus />
            <FormError error={reset.error} />
            <Button type="submit" size="md" loading={reset.isPending} fullWidth>
              {t('auth.setPasswordButton')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
