import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { newPasswordInput } from '../../../common/contracts/auth';
import { FormError } from '../../components/form-error';
import { NewPasswordFields } from '../../components/new-password-fields';
import { api } from '../../lib/api';
import { zodValidator } from '../../lib/forms';
import { showToast } from '../../lib/toast';

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
    <Paper withBorder radius="lg" p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm" maw={420}>
          <Title order={2} fz="lg">
            {t('settings.auth.setPasswordTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.auth.setPasswordIntro', { providers })}
          </Text>
          <NewPasswordFields form={form} />
          <FormError error={set.error} />
          <Button type="submit" loading={set.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('settings.auth.setPasswordSave')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
