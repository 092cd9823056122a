import { FileInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconMovie } from '@tabler/icons-react';
import { formatFileSize } from '../lib/file-size';
import { fieldProps } from '../lib/forms';
import { useTranslation } from '../lib/translation';
import { useUiLanguage } from './country-select';

/**
 * The video file picker of the upload and TV forms (SPEC 3, 5): video types only, its size once chosen.
 * A file over the server's limit is refused here, before a byte is sent, instead of failing at the end.
 */
export function VideoFileInput<V>({
  form,
  path = 'file',
  maxBytes,
}: {
  form: UseFormReturnType<V>;
  path?: string;
  /** The server's upload limit, once known. */
  maxBytes?: number | null;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const props = fieldProps(form, t, path);
  const file = props.value as File | null;
  const handleChange = (chosen: File | null) => {
    if (chosen && maxBytes && chosen.size > maxBytes) {
      form.setFieldValue(path, null as never);
      form.setFieldError(
        path,
        t('videoFields.fileTooLarge', {
          size: formatFileSize(chosen.size, language),
          max: formatFileSize(maxBytes, language),
        }),
      );
      return;
    }
    props.onChange(chosen);
  };
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
      onChange={handleChange}
    />
  );
}
