import { FileInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconMovie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../lib/file-size';
import { fieldProps } from '../lib/forms';
import { useUiLanguage } from './country-select';

/** The video file picker of the upload and TV forms (SPEC 3, 5): video types only, its size once chosen. */
export function VideoFileInput<V>({ form, path = 'file' }: { form: UseFormReturnType<V>; path?: string }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const props = fieldProps(form, t, path);
  const file = props.value as File | null;
  return (
    <FileInput
      label={t('videoFields.file')}
      placeholder={t('videoFields.filePlaceholder')}
      description={
        file
          ? t('videoFields.fileSize', { size: formatFileSize(file.size, language) })
          : t('videoFields.fileHint')
      }
      accept="video/*"
      clearable
      clearButtonProps={{ 'aria-label': t('videoFields.fileClear') }}
      required
      leftSection={<IconMovie size={18} />}
      {...props}
    />
  );
}
