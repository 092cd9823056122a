import { FileInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconMovie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/constants';
import { parseKeywords } from '../../../common/keywords';
import { useUiLanguage } from '../../components/country-select';
import { LocationField } from '../../components/location-field';
import { fieldProps } from '../../lib/forms';
import { formatFileSize } from './file-size';
import type { UploadValues } from './upload-values';

/**
 * The video's part of the submission form: the file, its title, description, keywords, when and where
 * it was shot, and its link.
 */
export function VideoFields({ form }: { form: UseFormReturnType<UploadValues> }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const field = (name: keyof UploadValues) => fieldProps(form, t, name);
  const { file, keywords } = form.getValues();
  const keywordCount = parseKeywords(keywords).length;
  const locationError = form.errors['location.address'] ?? form.errors.location;

  return (
    <Stack gap="md">
      <FileInput
        label={t('upload.form.file')}
        placeholder={t('upload.form.filePlaceholder')}
        description={
          file
            ? t('upload.form.fileSize', { size: formatFileSize(file.size, language) })
            : t('upload.form.fileHint')
        }
        accept="video/*"
        clearable
        clearButtonProps={{ 'aria-label': t('upload.form.fileClear') }}
        required
        leftSection={<IconMovie size={18} />}
        {...field('file')}
      />
      <TextInput
        label={t('upload.form.title')}
        maxLength={LIMITS.videoTitleMax}
        required
        {...field('title')}
      />
      <Textarea
        label={t('upload.form.description')}
        description={t('upload.form.descriptionHint')}
        autosize
        minRows={4}
        maxRows={12}
        maxLength={LIMITS.videoDescriptionMax}
        required
        {...field('description')}
      />
      <TextInput
        label={t('upload.form.keywords')}
        description={
          keywordCount > 0
            ? `${t('upload.form.keywordsHint')} · ${t('upload.form.keywordsCount', { count: keywordCount })}`
            : t('upload.form.keywordsHint')
        }
        autoComplete="off"
        {...field('keywords')}
      />
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
      <TextInput
        label={t('upload.form.externalUrl')}
        description={t('upload.form.externalUrlHint')}
        placeholder="https://"
        type="url"
        inputMode="url"
        autoComplete="url"
        maxLength={LIMITS.urlMax}
        {...field('externalUrl')}
      />
    </Stack>
  );
}

/** Today in the person's own calendar (YYYY-MM-DD): a video can not be shot in the future. */
function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
