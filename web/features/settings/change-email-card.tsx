import { Alert, Button, PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { changeEmailInput } from '../../../common/contracts/auth';
import { accountEndpoints } from '../../../common/endpoints/account';
import { EmailField } from '../../components/email-field';
import { FormError } from '../../components/form-error';
import { clientOf } from '../../lib/api-client';
import { fieldProps, zodValidator } from '../../lib/forms';
import { useTranslation } from '../../lib/translation';
import { SettingsCard } from './settings-card';

const account = clientOf(accountEndpoints);

/** Change the sign-in e-mail: a link to the new address confirms it (see the email-change service). */
export function ChangeEmailCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const change = useMutation({
    mutationFn: (body: { newEmail: string; password: string }) => account.changeEmail({ body }),
  });
  const form = useForm({
    initialValues: { newEmail: '', password: '' },
    validate: zodValidator(changeEmailInput),
  });
  const handleSubmit = form.onSubmit((values) => change.mutate(values));
  return (
    <SettingsCard
      title={t('settings.auth.changeEmailTitle')}
      intro={t('settings.auth.changeEmailIntro', { email })}
      onSubmit={handleSubmit}
    >
      {change.isSuccess ? (
        <Alert color="teal" role="status">
          {t('settings.auth.changeEmailSent', { email: change.variables?.newEmail })}
        </Alert>
      ) : (
        <>
          <EmailField label={t('settings.auth.newEmail')} form={form} name="newEmail" />
          <PasswordInput
            label={t('settings.auth.currentPassword')}
            autoComplete="current-password"
            required
            {...fieldProps(form, t, 'password')}
          />
          <FormError error={change.error} />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('settings.auth.changeEmailSave')}
          </Button>
        </>
      )}
    </SettingsCard>
  );
}
