import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LocationField } from '../../components/location-field';
import { ShootingTimeFields } from '../../components/shooting-time-fields';
import { VideoFileInput } from '../../components/video-file-input';
import { VideoTextFields } from '../../components/video-text-fields';
import { usePublicConfig } from '../../lib/public-config';
import type { UploadValues } from './upload-values';

/**
 * The video's part of the submission form: the file, its text (shared with the edit and TV forms),
 * and when (shared with the edit form) and where it was shot.
 */
export function VideoFields({ form }: { form: UseFormReturnType<UploadValues> }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const locationError = form.errors['location.address'] ?? form.errors.location;

  return (
    <Stack gap="md">
      <VideoFileInput form={form} maxBytes={config?.uploadMaxBytes} />
      <VideoTextFields form={form} />
      <ShootingTimeFields form={form} />
      <LocationField
        value={form.values.location}
        onChange={(location) => form.setFieldValue('location', location)}
        error={locationError ? t(String(locationError)) : undefined}
      />
    </Stack>
  );
}
