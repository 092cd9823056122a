import { Alert, Button, Checkbox, LoadingOverlay, Paper, Stack, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { TV_OWNER_OPTIONS } from '../../common/contracts/tv';
import { CaptchaField } from '../components/captcha-field';
import { LicenseAgreement } from '../components/license-agreement';
import { type OwnerFieldPaths, OwnerFields } from '../components/owner-fields';
import { SignaturePad } from '../components/signature-pad';
import { VideoFileInput } from '../components/video-file-input';
import { VideoTextFields, type VideoTextPaths } from '../components/video-text-fields';
import { useTranslation } from '../lib/translation';
import type { TvValues } from './tv-values';

/** The TV form keeps SPEC 3's names ("Free video submission") for the shared fields. */
const VIDEO_PATHS: VideoTextPaths = {
  title: 'video.title',
  description: 'video.description',
  keywords: 'video.keywordsString',
  externalUrl: 'video.youtubeUrl',
};
const OWNER_PATHS: OwnerFieldPaths = {
  name: 'owner.name',
  email: 'owner.email',
  phone: 'owner.phone',
  country: 'owner.country',
  instagram: 'owner.instagram',
  dob: 'owner.dob',
};

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
  maxBytes: number | null;
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
  maxBytes,
}: TvFormProps) {
  const { t } = useTranslation();

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'xl' }} radius="md" pos="relative">
      <LoadingOverlay visible={submitting} zIndex={10} overlayProps={{ blur: 1 }} />
      <form onSubmit={form.onSubmit(onSubmit, onInvalid)} noValidate>
        <fieldset disabled={submitting} style={{ border: 0, margin: 0, padding: 0, minInlineSize: 0 }}>
          <Stack gap="lg">
            <Title order={2} fz="lg">
              {t('tv.form.videoSection')}
            </Title>
            <VideoFileInput form={form} maxBytes={maxBytes} />
            <VideoTextFields form={form} paths={VIDEO_PATHS} />

            <Title order={2} fz="lg">
              {t('tv.form.ownerSection')}
            </Title>
            <OwnerFields form={form} paths={OWNER_PATHS} options={TV_OWNER_OPTIONS} />

            <LicenseAgreement compact />
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
