import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { fieldProps } from '../lib/forms';

/** The new password, twice, of any form with `newPassword` and `newPasswordConfirm` fields. */
export function NewPasswordFields<V extends { newPassword: string; newPasswordConfirm: string }>({
  form,
  autoFocus = false,
}: {
  form: UseFormReturnType<V>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('auth.newPassword')}
        autoComplete="new-password"
        required
        data-autofocus={autoFocus || undefined}
        {...fieldProps(form, t, 'newPassword')}
      />
      <PasswordInput
        label={t('auth.newPasswordConfirm')}
        autoComplete="new-password"
        required
        {...fieldProps(form, t, 'newPasswordConfirm')}
      />
    </>
  );
}
