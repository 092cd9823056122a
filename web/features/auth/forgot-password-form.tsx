import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { forgotPasswordInput } from '../../../common/contracts/auth';
import { FormError } from '../../components/form-error';
import { zodValidator } from '../../lib/forms';
import type { AuthView } from '../../lib/overlays';
import { useTranslation } from '../../lib/translation';
import { useRequestPasswordReset } from './api';
import { AuthHeading } from './auth-heading';
import { EmailField } from './credential-fields';

export function ForgotPasswordForm({ onSwitch }: { onSwitch: (view: AuthView) => void }) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm({ initialValues: { email: '' }, validate: zodValidator(forgotPasswordInput) });
  const handleSubmit = form.onSubmit((values) => request.mutate(values));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('auth.forgotTitle')} intro={t('auth.forgotIntro')} />
        {request.isSuccess ? (
          <Alert color="teal" icon={<IconMailCheck />} role="status">
            {t('auth.forgotSent', { email: form.getValues().email })}
          </Alert>
        ) : (
          <>
            <EmailField form={form} />
            <FormError error={request.error} />
            <Button type="submit" size="md" loading={request.isPending} fullWidth>
              {t('auth.forgotButton')}
            </Button>
          </>
        )}
        <Anchor component="button" type="button" size="sm" onClick={() => onSwitch('signIn')}>
          {t('auth.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
