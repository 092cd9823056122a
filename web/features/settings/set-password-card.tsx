import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { newPasswordInput } from '../../../common/contracts/auth';
import { FormError } from '../../components/form-error';
import { NewPasswordFields } from '../../components/new-password-fields';
import { api } from '../../lib/api';
import { zodValidator } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { SettingsCard } from './settings-card';

/** Set a first password on an account made through a social login. */
export function SetPasswordCard({ providers }: { providers: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const set = useMutation({
    mutationFn: (body: { newPassword: string }) => api('/api/account/password', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['session'] }),
  });
  const form = useForm({
    initialValues: { newPassword: '', newPasswordConfirm: '' },
    validate: zodValidator(newPasswordInput),
  });
  const handleSubmit = form.onSubmit(({ newPassword }) =>
    set.mutate({ newPassword }, { onSuccess: () => showToast('success', t('settings.auth.passwordSet')) }),
  );
  return (
    <SettingsCard
      title={t('settings.auth.setPasswordTitle')}
      intro={t('settings.auth.setPasswordIntro', { providers })}
      onSubmit={handleSubmit}
    >
      <NewPasswordFields form={form} />
      <FormError error={set.error} />
      <Button type="submit" loading={set.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('settings.auth.setPasswordSave')}
      </Button>
    </SettingsCard>
  );
}
