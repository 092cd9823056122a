import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { VERIFICATION_LIMITS } from '../../../common/constants';
import { setEmailForm, type VerificationState } from '../../../common/contracts/verification';
import { EmailField } from '../../components/email-field';
import { FormError } from '../../components/form-error';
import { zodValidator } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { Trans, useTranslation } from '../../lib/translation';
import { useResendEmailCode, useSetEmail, useVerifyEmail } from './api';
import { CodeForm } from './code-form';
import { resendFailureToast, verificationErrorText } from './verification-errors';

/** Step 1 (SPEC 2.5): the address (the account's own, or another typed twice), then the e-mailed code. */
export function EmailStep({ state }: { state: VerificationState }) {
  const { t, i18n } = useTranslation();
  const [changing, setChanging] = useState(false);
  const setEmail = useSetEmail();
  const resend = useResendEmailCode();
  const verify = useVerifyEmail();

  const handleResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => {
        verify.reset();
        showToast('success', t('verification.email.resent'));
      },
      onError: (error) => showToast(...resendFailureToast(error, t, i18n)),
    });

  if (changing || (!state.emailCode && !state.email)) {
    return <NewEmailForm onDone={() => setChanging(false)} onCancel={() => setChanging(false)} />;
  }

  if (!state.emailCode) {
    return (
      <Stack gap="md">
        <Text>
          <Trans
            i18nKey="verification.email.intro"
            values={{ email: state.email }}
            components={{ b: <b /> }}
          />
        </Text>
        <FormError error={setEmail.error} />
        <Group>
          <Button
            loading={setEmail.isPending}
            onClick={() =>
              setEmail.mutate(state.email, {
                onSuccess: () => showToast('success', t('verification.email.sent')),
              })
            }
          >
            {t('verification.email.send')}
          </Button>
          <Anchor component="button" type="button" onClick={() => setChanging(true)}>
            {t('verification.email.useAnother')}
          </Anchor>
        </Group>
      </Stack>
    );
  }

  return (
    <CodeForm
      intro={t('verification.email.codeIntro', {
        email: state.emailCode.sentTo,
        minutes: VERIFICATION_LIMITS.codeTtlMinutes,
      })}
      label={t('verification.email.code')}
      submitLabel={t('verification.email.verify')}
      pending={verify.isPending}
      error={verify.error ? verificationErrorText(verify.error, t, i18n) : null}
      onSubmit={(code) =>
        verify.mutate(code, { onSuccess: () => showToast('success', t('verification.email.verified')) })
      }
    >
      <Group>
        <Button variant="light" loading={resend.isPending} onClick={handleResend}>
          {t('verification.email.resend')}
        </Button>
        <Anchor component="button" type="button" onClick={() => setChanging(true)}>
          {t('verification.email.change')}
        </Anchor>
      </Group>
    </CodeForm>
  );
}

/** Another address, typed twice ('Emails mismatch!'); setEmail sends the code to it. */
function NewEmailForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const setEmail = useSetEmail();
  const form = useForm({
    initialValues: { email: '', emailConfirm: '' },
    validate: zodValidator(setEmailForm),
  });

  return (
    <form
      onSubmit={form.onSubmit(({ email }) =>
        setEmail.mutate(email, {
          onSuccess: () => {
            showToast('success', t('verification.email.sent'));
            onDone();
          },
        }),
      )}
      noValidate
    >
      <Stack gap="md">
        <Text>{t('verification.email.setIntro')}</Text>
        <EmailField label={t('verification.email.email')} form={form} name="email" data-autofocus />
        <EmailField
          label={t('verification.email.emailConfirm')}
          form={form}
          name="emailConfirm"
          autoComplete="off"
        />
        {setEmail.error ? (
          <Text c="red" role="alert">
            {verificationErrorText(setEmail.error, t, i18n)}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={setEmail.isPending}>
            {t('verification.email.send')}
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            {t('verification.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
