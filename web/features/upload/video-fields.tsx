import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LocationField } from '../../components/location-field';
import { VideoFileInput } from '../../components/video-file-input';
import { VideoTextFields } from '../../components/video-text-fields';
import { fieldProps } from '../../lib/forms';
import type { UploadValues } from './upload-values';

/**
 * The video's part of the submission form: the file, its text (shared with the edit and TV forms),
 * and when and where it was shot.
 */
export function VideoFields({ form }: { form: UseFormReturnType<UploadValues> }) {
  const { t } = useTranslation();
  const field = (name: keyof UploadValues) => fieldProps(form, t, name);
  const locationError = form.errors['location.address'] ?? form.errors.location;

  return (
    <Stack gap="md">
      <VideoFileInput form={form} />
      <VideoTextFields form={form} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('location.date')}
          description={t('location.dateHint')}
          type="date"
          max={todayIso()}
          min="1900-01-01"
          {...field('date')}
        />
        <TextInput
          label={t('location.time')}
          description={t('location.timeHint')}
          type="time"
          disabled={!form.values.date}
          {...field('time')}
        />
      </SimpleGrid>
      <LocationField
        value={form.values.location}
        onChange={(location) => form.setFieldValue('location', location)}
        error={locationError ? t(String(locationError)) : undefined}
      />
    </Stack>
  );
}

/** Today in the person's own calendar (YYYY-MM-DD): a video can not be shot in the future. */
function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
