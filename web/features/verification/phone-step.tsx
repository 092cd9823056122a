import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { VERIFICATION_LIMITS } from '../../../common/constants';
import type { VerificationState } from '../../../common/contracts/verification';
import { formatPhone, toE164 } from '../../../common/phone';
import { CaptchaField } from '../../components/captcha-field';
import { PhoneNumberInput, type PhoneNumberValue } from '../../components/phone-number-input';
import { ApiError } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useSendSms, useVerifyPhone } from './api';
import { CodeForm } from './code-form';
import { verificationErrorText } from './verification-errors';

const CAPTCHA_CODES = new Set(['CAPTCHA_FAILED', 'CAPTCHA_EXPIRED']);

/** Step 2 (SPEC 2.5): country and number, the captcha, the SMS, then its code. */
export function PhoneStep({ state }: { state: VerificationState }) {
  const { t, i18n } = useTranslation();
  const [changing, setChanging] = useState(false);
  const verify = useVerifyPhone();

  if (changing || !state.phoneCode) {
    return <PhoneNumberForm countryGuess={state.countryGuess} onSent={() => setChanging(false)} />;
  }
  return (
    <CodeForm
      intro={t('verification.phone.codeIntro', {
        phone: formatPhone(state.phoneCode.sentTo),
        minutes: VERIFICATION_LIMITS.codeTtlMinutes,
      })}
      label={t('verification.phone.code')}
      submitLabel={t('verification.phone.verify')}
      pending={verify.isPending}
      error={verify.error ? verificationErrorText(verify.error, t, i18n) : null}
      onSubmit={(code) =>
        verify.mutate(code, { onSuccess: () => showToast('success', t('verification.phone.verified')) })
      }
    >
      <Anchor
        component="button"
        type="button"
        onClick={() => setChanging(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('verification.phone.change')}
      </Anchor>
    </CodeForm>
  );
}

function PhoneNumberForm({ countryGuess, onSent }: { countryGuess: string; onSent: () => void }) {
  const { t, i18n } = useTranslation();
  const send = useSendSms();
  const [phone, setPhone] = useState<PhoneNumberValue>({ country: countryGuess, national: '' });
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  // A new key gives a fresh widget: a solution works once, and a refused one must be solved again.
  const [captchaKey, setCaptchaKey] = useState(0);

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const phoneNumber = toE164(phone.country, phone.national);
    setPhoneError(phoneNumber ? null : t('verification.errors.phoneInvalid'));
    setCaptchaError(captcha ? null : t('verification.errors.captchaRequired'));
    if (!phoneNumber || !captcha) return;
    send.mutate(
      { phoneNumber, captcha },
      {
        onSuccess: () => {
          showToast('success', t('verification.phone.sent'));
          onSent();
        },
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : '';
          if (code === 'INVALID_PHONE_NUMBER') setPhoneError(t('errors.INVALID_PHONE_NUMBER'));
          if (CAPTCHA_CODES.has(code)) setCaptchaError(t(`errors.${code}`));
          setCaptcha(null);
          setCaptchaKey((key) => key + 1);
        },
      },
    );
  };
  const code = send.error instanceof ApiError ? send.error.code : '';
  const shownInline = code === 'INVALID_PHONE_NUMBER' || CAPTCHA_CODES.has(code);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('verification.phone.intro')}</Text>
        <PhoneNumberInput
          label={t('verification.phone.number')}
          value={phone}
          onChange={(value) => {
            setPhone(value);
            setPhoneError(null);
          }}
          error={phoneError}
          required
        />
        <CaptchaField
          key={captchaKey}
          label={t('verification.phone.captcha')}
          onChange={(payload) => {
            setCaptcha(payload);
            if (payload) setCaptchaError(null);
          }}
          error={captchaError ?? undefined}
        />
        {send.error && !shownInline ? (
          <Text c="red" role="alert">
            {verificationErrorText(send.error, t, i18n)}
          </Text>
        ) : null}
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('verification.phone.send')}
        </Button>
      </Stack>
    </form>
  );
}
