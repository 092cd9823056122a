import { Alert, Anchor, Button, Checkbox, Divider, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../common/routes';
import { FormError } from '../../components/form-error';
import { LicenseAgreement } from '../../components/license-agreement';
import { type OwnerFieldPaths, OwnerFields } from '../../components/owner-fields';
import { SignaturePad } from '../../components/signature-pad';
import { ApiError } from '../../lib/api';
import { openOverlay } from '../../lib/overlays';
import { Trans, useTranslation } from '../../lib/translation';
import { startUpload } from '../../lib/uploads';
import { useSubmitVideo } from './api';
import { rememberUploadTitle } from './previous-uploads';
import { formField, toSubmission, type UploadValues } from './upload-values';
import { VideoFields } from './video-fields';

const OWNER_PATHS: OwnerFieldPaths = {
  name: 'ownerName',
  email: 'ownerEmail',
  phone: 'ownerPhone',
  country: 'ownerCountry',
  instagram: 'ownerInstagram',
  dob: 'ownerDob',
};

/**
 * The video submission form (SPEC 2.6, 3, 5): the video, its owner, the agreement and the signature.
 * Submitting creates the video, then starts sending its file; `onStarted` gets the upload's id.
 */
export function UploadForm({
  form,
  onStarted,
}: {
  form: UseFormReturnType<UploadValues>;
  onStarted: (uploadId: string) => void;
}) {
  const { t } = useTranslation();
  const submit = useSubmitVideo();
  const formRef = useRef<HTMLFormElement>(null);
  const [triedInvalid, setTriedInvalid] = useState(false);
  const hasErrors = Object.keys(form.errors).length > 0;

  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const handleSubmit = form.onSubmit(
    (values) => {
      setTriedInvalid(false);
      const file = values.file;
      if (!file) return; // the validator requires it
      submit.mutate(toSubmission(values), {
        onSuccess: ({ id }) => {
          const title = values.title.trim();
          rememberUploadTitle(id, title);
          onStarted(startUpload(file, { videoId: id, title }));
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.code === 'NOT_VERIFIED') openOverlay('verification');
          if (error.status === 413) form.setFieldError('file', 'upload.form.fileTooLarge');
          for (const issue of error.fields) form.setFieldError(formField(issue.field), issue.message);
          if (error.fields.length > 0) focusFirstInvalid();
        },
      });
    },
    () => {
      setTriedInvalid(true);
      // The form is longer than a phone's screen: take the user to the first problem.
      focusFirstInvalid();
    },
  );
  // Field problems show on their fields; anything else under the form.
  const formError =
    submit.error instanceof ApiError && (submit.error.fields.length > 0 || submit.error.status === 413)
      ? null
      : submit.error;
  const checkbox = form.getInputProps('isPolicyAgreed', { type: 'checkbox' });

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Section title={t('upload.form.videoSection')}>
          <VideoFields form={form} />
        </Section>
        <Section title={t('upload.form.ownerSection')}>
          <Text size="sm" c="dimmed">
            {t('upload.form.ownerIntro')}
          </Text>
          <OwnerFields form={form} paths={OWNER_PATHS} />
        </Section>
        <Section title={t('upload.form.agreementSection')}>
          <LicenseAgreement />
          <SignaturePad
            value={form.values.signature}
            onChange={(dataUrl) => form.setFieldValue('signature', dataUrl ?? '')}
            error={form.errors.signature ? t(String(form.errors.signature)) : undefined}
            required
          />
          <Checkbox
            label={
              <Trans
                i18nKey="upload.form.agree"
                components={{ terms: <Anchor component={Link} to={ROUTES.terms} target="_blank" inherit /> }}
              />
            }
            {...checkbox}
            error={typeof checkbox.error === 'string' ? t(checkbox.error) : checkbox.error}
          />
        </Section>
        {triedInvalid && hasErrors && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} />}>
            {t('upload.errors.global')}
          </Alert>
        )}
        <FormError error={formError} />
        <Button
          type="submit"
          size="md"
          leftSection={<IconUpload size={18} />}
          loading={submit.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('upload.form.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** A titled part of the form. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={2} fz="h4" component="legend" p={0} mb="xs">
        {title}
      </Title>
      {children}
      <Divider mt="xs" />
    </Stack>
  );
}
