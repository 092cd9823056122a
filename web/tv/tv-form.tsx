import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  LoadingOverlay,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, TV_DOB_MAX } from '../../common/constants';
import { CaptchaField } from '../components/captcha-field';
import { CountrySelect } from '../components/country-select';
import { LicenceAgreement } from '../components/licence-agreement';
import { PhoneNumberInput } from '../components/phone-number-input';
import { SignaturePad } from '../components/signature-pad';
import { fieldProps } from '../lib/forms';
import type { TvValues } from './tv-values';

export interface TvFormProps {
  form: UseFormReturnType<TvValues>;
  onSubmit: (values: TvValues) => void;
  submitting: boolean;
  /** The failure of the last attempt (an i18n key), shown as the form's status. */
  status: string | null;
  captchaKey: number;
  /** Shown under the captcha when the form was sent before it was solved (an i18n key). */
  captchaError: string | null;
  onCaptcha: (payload: string | null) => void;
  /** The form's checks failed: SPEC 5's global message joins the ones under the fields. */
  onInvalid: () => void;
}

/** The TV upload form (SPEC 3, 5): the video, its owner, the agreement, the signature and the captcha. */
export function TvForm({
  form,
  onSubmit,
  submitting,
  status,
  captchaKey,
  captchaError,
  onCaptcha,
  onInvalid,
}: TvFormProps) {
  const { t } = useTranslation();
  const field = (name: string) => fieldProps(form, t, name);

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'xl' }} radius="md" pos="relative">
      <LoadingOverlay visible={submitting} zIndex={10} overlayProps={{ blur: 1 }} />
      <form onSubmit={form.onSubmit(onSubmit, onInvalid)} noValidate>
        <fieldset disabled={submitting} style={{ border: 0, margin: 0, padding: 0, minInlineSize: 0 }}>
          <Stack gap="lg">
            <Title order={2} fz="lg">
              {t('tv.form.videoSection')}
            </Title>
            <FileInput
              label={t('tv.form.file')}
              placeholder={t('tv.form.filePlaceholder')}
              accept="video/*"
              leftSection={<IconVideo size={18} />}
              required
              clearable
              {...field('file')}
            />
            <TextInput
              label={t('tv.form.title')}
              required
              maxLength={LIMITS.videoTitleMax}
              {...field('video.title')}
            />
            <Textarea
              label={t('tv.form.description')}
              required
              autosize
              minRows={3}
              maxRows={10}
              maxLength={LIMITS.videoDescriptionMax}
              {...field('video.description')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('tv.form.keywords')}
                description={t('tv.form.keywordsHint')}
                {...field('video.keywordsString')}
              />
              <TextInput
                label={t('tv.form.youtubeUrl')}
                placeholder="https://www.youtube.com/watch?v=…"
                type="url"
                {...field('video.youtubeUrl')}
              />
            </SimpleGrid>

            <Title order={2} fz="lg">
              {t('tv.form.ownerSection')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('tv.form.ownerName')}
                autoComplete="name"
                required
                maxLength={100}
                {...field('owner.name')}
              />
              <TextInput
                label={t('tv.form.email')}
                type="email"
                autoComplete="email"
                required
                maxLength={LIMITS.emailMax}
                {...field('owner.email')}
              />
              <PhoneNumberInput
                label={t('tv.form.phone')}
                required
                {...field('owner.phone')}
                value={form.values.owner.phone}
              />
              <CountrySelect label={t('tv.form.country')} required {...field('owner.country')} />
              <TextInput
                label={t('tv.form.instagram')}
                placeholder="@username"
                autoComplete="off"
                maxLength={31}
                {...field('owner.instagram')}
              />
              <TextInput
                label={t('tv.form.dob')}
                type="date"
                autoComplete="bday"
                min="1900-01-01"
                max={TV_DOB_MAX}
                required
                {...field('owner.dob')}
              />
            </SimpleGrid>

            <LicenceAgreement compact />
            <SignaturePad
              value={form.values.signature || null}
              onChange={(dataUrl) => form.setFieldValue('signature', dataUrl ?? '')}
              error={form.errors.signature ? t(String(form.errors.signature)) : undefined}
              required
            />
            <Checkbox
              label={t('tv.form.terms')}
              {...form.getInputProps('isPolicyAgreed', { type: 'checkbox' })}
              error={form.errors.isPolicyAgreed ? t(String(form.errors.isPolicyAgreed)) : undefined}
            />
            <CaptchaField
              key={captchaKey}
              challengeUrl="/api/captcha"
              onChange={onCaptcha}
              label={t('tv.form.captcha')}
              error={captchaError ? t(captchaError) : undefined}
            />
            {status && (
              <Alert color="red" icon={<IconAlertTriangle />} role="alert" title={t('tv.form.failedTitle')}>
                {t(status)}
              </Alert>
            )}
            <Button type="submit" size="md" loading={submitting}>
              {t('tv.form.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
