import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/constants';
import { parseExternalVideoId } from '../../../common/external-video-link';
import { fieldProps } from '../../lib/forms';

/** The fields both the edit form and an edit suggestion have (SPEC 3 "Video edit"). */
export interface TextValues {
  title: string;
  description: string;
  keywords: string;
  externalUrl: string;
}

/** Title, description, keywords and the external video link; the link's video id shows once it reads. */
export function TextFields<V extends TextValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  const field = (name: keyof TextValues) => fieldProps(form, t, name);
  const externalId = parseExternalVideoId(form.getValues().externalUrl);
  return (
    <Stack gap="md">
      <TextInput
        label={t('edit.fields.title')}
        maxLength={LIMITS.videoTitleMax}
        required
        {...field('title')}
      />
      <Textarea
        label={t('edit.fields.description')}
        autosize
        minRows={4}
        maxRows={12}
        maxLength={LIMITS.videoDescriptionMax}
        required
        {...field('description')}
      />
      <TextInput
        label={t('edit.fields.keywords')}
        description={t('edit.fields.keywordsHint')}
        autoComplete="off"
        {...field('keywords')}
      />
      <div>
        <TextInput
          label={t('edit.fields.externalUrl')}
          description={t('edit.fields.externalUrlHint')}
          placeholder="https://youtu.be/…"
          type="url"
          inputMode="url"
          maxLength={LIMITS.urlMax}
          {...field('externalUrl')}
        />
        {externalId && (
          <Text size="xs" c="teal.8" mt={4}>
            {t('edit.externalId', { id: externalId })}
          </Text>
        )}
      </div>
    </Stack>
  );
}
