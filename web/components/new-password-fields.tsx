import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { fieldProps } from '../lib/forms';
import { useTranslation } from '../lib/translation';

/** The new password, twice, of any form with `newPassword` and `newPasswordConfirm` fields. */
export function NewPasswordFields<V extends { newPassword: string; newPasswordConfirm: string }>({
  form,
  autoFocus = false,
}: {
  form: UseFormReturnType<V>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const first = useRef<HTMLInputElement>(null);
  // Focus on mount: the fields may appear after the dialog opened (a reset code being checked).
  useEffect(() => {
    if (autoFocus) first.current?.focus();
  }, [autoFocus]);
  return (
    <>
      <PasswordInput
        label={t('auth.newPassword')}
        autoComplete="new-password"
        required
        ref={first}
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
