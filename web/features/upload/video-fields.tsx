import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { FormLocationField } from '../../components/location-field';
import { ShootingTimeFields } from '../../components/shooting-time-fields';
import { VideoFileInput } from '../../components/video-file-input';
import { VideoTextFields } from '../../components/video-text-fields';
import { usePublicConfig } from '../../lib/public-config';
import { FileCaptureOffer } from './file-capture-offer';
import type { UploadValues } from './upload-values';

/**
 * The video's part of the submission form: the file (and what it says of its filming), its text (shared
 * with the edit and TV forms), and when (shared with the edit form) and where it was shot.
 */
export function VideoFields({ form }: { form: UseFormReturnType<UploadValues> }) {
  const config = usePublicConfig();
  const [placedFromFile, setPlacedFromFile] = useState<string>();

  return (
    <Stack gap="md">
      <VideoFileInput form={form} maxBytes={config?.uploadMaxBytes} />
      <FileCaptureOffer form={form} onPlaced={setPlacedFromFile} />
      <VideoTextFields form={form} />
      <ShootingTimeFields form={form} />
      <FormLocationField form={form} focusKey={placedFromFile} />
    </Stack>
  );
}
