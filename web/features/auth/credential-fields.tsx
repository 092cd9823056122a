import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { EmailField as FormEmailField } from '../../components/email-field';
import { fieldProps } from '../../lib/forms';
import { useTranslation } from '../../lib/translation';

/** The e-mail field of the auth forms (focused when the overlay opens). */
export function EmailField<V extends { email: string }>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  return <FormEmailField label={t('auth.email')} form={form} name="email" data-autofocus />;
}

/** The password field: the account's current one, or a new one being chosen. */
export function PasswordField<V extends { password: string }>({
  form,
  isNew = false,
}: {
  form: UseFormReturnType<V>;
  isNew?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('auth.password')}
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      {...fieldProps(form, t, 'password')}
    />
  );
}
