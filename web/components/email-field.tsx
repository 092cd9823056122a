import { TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { fieldProps } from '../lib/forms';
import { useTranslation } from '../lib/translation';

/**
 * A required e-mail address field bound to one field of a form: the e-mail keyboard on a phone, the
 * browser's autofill (`autoComplete`, `email` unless said), and the form's error shown translated. Every
 * form that asks for an address uses it.
 */
export function EmailField<V>({
  form,
  name,
  autoComplete = 'email',
  ...input
}: { form: UseFormReturnType<V>; name: string } & Omit<TextInputProps, 'form' | 'name' | 'type'>) {
  const { t } = useTranslation();
  return (
    <TextInput type="email" autoComplete={autoComplete} required {...input} {...fieldProps(form, t, name)} />
  );
}
