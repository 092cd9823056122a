import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newPasswordInput } from '../../../common/contracts/auth';
import { accountEndpoints } from '../../../common/endpoints/account';
import { FormError } from '../../components/form-error';
import { NewPasswordFields } from '../../components/new-password-fields';
import { clientOf } from '../../lib/api-client';
import { zodValidator } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { SettingsCard } from './settings-card';

const account = clientOf(accountEndpoints);

/** Set a first password on an account made through a social login. */
export function SetPasswordCard({ providers }: { providers: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const set = useMutation({
    mutationFn: (body: { newPassword: string }) => account.setPassword({ body }),
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
