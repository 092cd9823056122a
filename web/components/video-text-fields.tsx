import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LIMITS } from '../../common/constants';
import { parseExternalVideoId } from '../../common/external-video-link';
import { parseKeywords } from '../../common/keywords';
import { fieldProps } from '../lib/forms';
import { useTranslation } from '../lib/translation';

/** The video text every video form has (SPEC 3): rules in `common/contracts/video-text.ts`. */
export interface VideoTextValues {
  title: string;
  description: string;
  keywords: string;
  externalUrl: string;
}

/** Where each field sits in a form's values; the TV form keeps SPEC 3's own names. */
export type VideoTextPaths = Record<keyof VideoTextValues, string>;
const SAME_NAMES: VideoTextPaths = {
  title: 'title',
  description: 'description',
  keywords: 'keywords',
  externalUrl: 'externalUrl',
};

/**
 * Title, description, keywords (with their count) and the external video link (with the video id
 * once it reads as one), for the upload, edit, edit-suggestion and TV forms.
 */
export function VideoTextFields<V>({
  form,
  paths = SAME_NAMES,
}: {
  form: UseFormReturnType<V>;
  paths?: VideoTextPaths;
}) {
  const { t } = useTranslation();
  const field = (name: keyof VideoTextValues) => fieldProps(form, t, paths[name]);
  const keywords = field('keywords');
  const externalUrl = field('externalUrl');
  const keywordCount = parseKeywords(String(keywords.value ?? '')).length;
  const externalId = parseExternalVideoId(String(externalUrl.value ?? ''));

  return (
    <Stack gap="md">
      <TextInput
        label={t('videoFields.title')}
        maxLength={LIMITS.videoTitleMax}
        required
        {...field('title')}
      />
      <Textarea
        label={t('videoFields.description')}
        description={t('videoFields.descriptionHint')}
        autosize
        minRows={4}
        maxRows={12}
        maxLength={LIMITS.videoDescriptionMax}
        required
        {...field('description')}
      />
      <TextInput
        label={t('videoFields.keywords')}
        description={
          keywordCount > 0
            ? `${t('videoFields.keywordsHint')} · ${t('videoFields.keywordsCount', { count: keywordCount })}`
            : t('videoFields.keywordsHint')
        }
        autoComplete="off"
        {...keywords}
      />
      <div>
        <TextInput
          label={t('videoFields.externalUrl')}
          description={t('videoFields.externalUrlHint')}
          placeholder="https://youtu.be/…"
          type="url"
          inputMode="url"
          autoComplete="url"
          maxLength={LIMITS.urlMax}
          {...externalUrl}
        />
        {externalId && (
          <Text size="xs" c="teal.8" mt={4}>
            {t('videoFields.externalId', { id: externalId })}
          </Text>
        )}
      </div>
    </Stack>
  );
}
