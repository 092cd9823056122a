import { Button, PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePasswordInput } from '../../../common/contracts/auth';
import { FormError } from '../../components/form-error';
import { NewPasswordFields } from '../../components/new-password-fields';
import { api } from '../../lib/api';
import { fieldProps, zodValidator } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { SettingsCard } from './settings-card';

const blank = { currentPassword: '', newPassword: '', newPasswordConfirm: '' };

/** Change password: the current one first; the other devices are signed out. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api('/api/auth/change-password', { method: 'POST', body: { ...body, revokeOtherSessions: true } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['session'] }),
  });
  const form = useForm({ initialValues: blank, validate: zodValidator(changePasswordInput) });
  const handleSubmit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.setValues(blank);
          showToast('success', t('settings.auth.changed'));
        },
      },
    ),
  );

  return (
    <SettingsCard
      title={t('settings.auth.changePasswordTitle')}
      intro={t('settings.auth.changePasswordIntro')}
      onSubmit={handleSubmit}
    >
      <PasswordInput
        label={t('settings.auth.currentPassword')}
        autoComplete="current-password"
        required
        {...fieldProps(form, t, 'currentPassword')}
      />
      <NewPasswordFields form={form} />
      <FormError error={change.error} />
      <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('settings.auth.save')}
      </Button>
    </SettingsCard>
  );
}
