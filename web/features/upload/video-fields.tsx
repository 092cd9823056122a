import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FormLocationField } from '../../components/location-field';
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
  const config = usePublicConfig();

  return (
    <Stack gap="md">
      <VideoFileInput form={form} maxBytes={config?.uploadMaxBytes} />
      <VideoTextFields form={form} />
      <ShootingTimeFields form={form} />
      <FormLocationField form={form} />
    </Stack>
  );
}
