import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { LIMITS } from '../../../common/constants';
import { verificationCodeBody } from '../../../common/contracts/verification';
import { fieldProps, zodValidator } from '../../lib/forms';
import { useTranslation } from '../../lib/translation';

interface CodeFormProps {
  intro: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  /** The failure of the last try, already translated. */
  error: string | null;
  onSubmit: (code: string) => void;
  /** Buttons under the form: a new code, another address or number. */
  children?: ReactNode;
}

/** Six digits from an e-mail or an SMS; the browser may offer the code from the message itself. */
export function CodeForm({ intro, label, submitLabel, pending, error, onSubmit, children }: CodeFormProps) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { code: '' }, validate: zodValidator(verificationCodeBody) });

  return (
    <form onSubmit={form.onSubmit(({ code }) => onSubmit(code.trim()))} noValidate>
      <Stack gap="md">
        <Text>{intro}</Text>
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.verificationCodeLength}
          placeholder="000000"
          data-autofocus
          styles={{
            input: { letterSpacing: '0.4em', fontSize: 'var(--mantine-font-size-lg)', maxWidth: 220 },
          }}
          required
          {...fieldProps(form, t, 'code')}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
