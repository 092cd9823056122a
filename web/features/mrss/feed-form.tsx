import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconEye } from '@tabler/icons-react';
import { VISIBLE_CATEGORY_IDS } from '../../../common/categories';
import {
  MRSS_NAME_MAX,
  MRSS_PARTNER_MAX,
  type MrssFeed,
  type MrssFeedCreateInput,
  type MrssFilterInput,
  type MrssPreview,
  mrssFeedCreateInput,
  mrssFeedInput,
} from '../../../common/contracts/mrss';
import { KEYWORDS_MAX } from '../../../common/contracts/video-text';
import { normalizeKeyword } from '../../../common/keywords';
import { buildPath, ROUTES } from '../../../common/routes';
import { FormError } from '../../components/form-error';
import { fieldProps, zodValidator } from '../../lib/forms';
import { useTranslation } from '../../lib/translation';
import { usePreviewFilter } from './api';

interface Values {
  name: string;
  language: 'en' | 'el';
  partnerName: string;
  keywords: string[];
  categoryId: string | null;
  shotFrom: string;
  shotTo: string;
  licensableOnly: boolean;
}

const filterOf = (values: Values): MrssFilterInput => ({
  keywords: values.keywords,
  categoryId: values.categoryId ? Number(values.categoryId) : null,
  shotFrom: values.shotFrom || null,
  shotTo: values.shotTo || null,
  licensableOnly: values.licensableOnly,
});
const bodyOf = (values: Values): MrssFeedCreateInput => ({
  name: values.name,
  language: values.language,
  partnerName: values.partnerName,
  filter: filterOf(values),
});

/**
 * A feed's name, language and filter (keywords as tags, a category, shooting dates, licensable only),
 * and for a new feed its first partner. "Preview feed" counts the videos the filter lists now.
 */
export function FeedForm({
  feed,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  /** The feed being edited; a new one when absent. */
  feed?: MrssFeed;
  pending: boolean;
  error: unknown;
  onSubmit: (body: MrssFeedCreateInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const preview = usePreviewFilter();
  const form = useForm<Values>({
    initialValues: {
      name: feed?.name ?? '',
      language: feed?.language ?? 'en',
      partnerName: '',
      keywords: feed?.filter.keywords ?? [],
      categoryId: feed?.filter.categoryId ? String(feed.filter.categoryId) : null,
      shotFrom: feed?.filter.shotFrom ?? '',
      shotTo: feed?.filter.shotTo ?? '',
      licensableOnly: feed?.filter.licensableOnly ?? false,
    },
    validate: (values) => zodValidator(feed ? mrssFeedInput : mrssFeedCreateInput)(bodyOf(values)),
    onValuesChange: () => preview.reset(),
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={form.onSubmit((values) => onSubmit(bodyOf(values)))} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t(feed ? 'mrss.editFeed' : 'mrss.newFeed')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('mrss.name')}
              required
              maxLength={MRSS_NAME_MAX}
              {...fieldProps(form, t, 'name')}
            />
            <Select
              label={t('mrss.language')}
              data={[
                { value: 'en', label: t('languages.en') },
                { value: 'el', label: t('languages.el') },
              ]}
              allowDeselect={false}
              {...form.getInputProps('language')}
            />
          </SimpleGrid>
          {!feed && (
            <TextInput
              label={t('mrss.partnerName')}
              description={t('mrss.partnerHint')}
              required
              maxLength={MRSS_PARTNER_MAX}
              {...fieldProps(form, t, 'partnerName')}
            />
          )}
          <FeedFilterFields form={form} />
          {preview.data && <PreviewResult preview={preview.data} />}
          {preview.error ? <FormError error={preview.error} /> : null}
          {error ? <FormError error={error} /> : null}
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Button
              variant="default"
              leftSection={<IconEye size={16} aria-hidden />}
              loading={preview.isPending}
              onClick={() => {
                if (!form.validate().hasErrors) preview.mutate(filterOf(form.values));
              }}
            >
              {t('mrss.previewButton')}
            </Button>
            <Group gap="sm">
              <Button variant="subtle" onClick={onCancel}>
                {t('mrss.cancel')}
              </Button>
              <Button type="submit" loading={pending}>
                {t(feed ? 'mrss.save' : 'mrss.create')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The feed's filter; the contract names its problems `filter.<field>`. */
function FeedFilterFields({ form }: { form: UseFormReturnType<Values> }) {
  const { t } = useTranslation();
  const categories = VISIBLE_CATEGORY_IDS.map((id) => ({
    value: String(id),
    label: t(`categories.${id}`),
  })).sort((a, b) => a.label.localeCompare(b.label));
  const filterError = (field: string) => {
    const key = form.errors[`filter.${field}`];
    return typeof key === 'string' ? t(key) : undefined;
  };

  return (
    <>
      <TagsInput
        label={t('mrss.keywords')}
        description={t('mrss.keywordsHint')}
        maxTags={KEYWORDS_MAX}
        splitChars={[',']}
        clearable
        isDuplicate={(keyword, current) =>
          current.some((existing) => normalizeKeyword(existing) === normalizeKeyword(keyword))
        }
        {...form.getInputProps('keywords')}
        error={filterError('keywords') ?? filterError('keywords.0')}
      />
      <Select
        label={t('mrss.category')}
        placeholder={t('mrss.anyCategory')}
        data={categories}
        clearable
        searchable
        {...form.getInputProps('categoryId')}
        error={filterError('categoryId')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          type="date"
          label={t('mrss.shotFrom')}
          {...form.getInputProps('shotFrom')}
          error={filterError('shotFrom')}
        />
        <TextInput
          type="date"
          label={t('mrss.shotTo')}
          {...form.getInputProps('shotTo')}
          error={filterError('shotTo')}
        />
      </SimpleGrid>
      <Switch
        label={t('mrss.licensableOnly')}
        {...form.getInputProps('licensableOnly', { type: 'checkbox' })}
      />
    </>
  );
}

/** What "Preview feed" found: how many videos the filter lists now, and the newest of them. */
function PreviewResult({ preview }: { preview: MrssPreview }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" aria-live="polite">
      {preview.matching === 0 ? (
        <Text size="sm">{t('mrss.previewNone')}</Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">{t('mrss.previewResult', { count: preview.matching })}</Text>
          <List size="sm">
            {preview.newest.map((video) => (
              <List.Item key={video.id}>
                <Anchor href={buildPath(ROUTES.video, { videoId: video.id })} target="_blank">
                  {video.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Alert>
  );
}
