import { Anchor, Container, Radio, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { VIDEO_PRIVACY, VISIBLE_CATEGORY_IDS } from '../../../common/categories';
import type { VideoLocation } from '../../../common/contracts/location';
import { type EditableVideo, videoEditBody } from '../../../common/contracts/video-edits';
import { buildPath, ROUTES } from '../../../common/routes';
import { AccessDenied } from '../../components/access-denied';
import { FormLocationField } from '../../components/location-field';
import { emptyLocation, locationForSubmission } from '../../components/location-value';
import { RequireSignIn } from '../../components/require-sign-in';
import { ShootingTimeFields } from '../../components/shooting-time-fields';
import { VideoTextFields, type VideoTextValues } from '../../components/video-text-fields';
import { fieldProps, zodValidator } from '../../lib/forms';
import { useTranslation } from '../../lib/translation';
import { useSaveVideoEdit } from './api';
import { EditHeading, useSubmitAndReturn, useVideoUnderEdit } from './edit-page-parts';
import { FormActions } from './form-actions';
import { VideoNotFound } from './video-not-found';

interface EditValues extends VideoTextValues {
  date: string;
  time: string;
  location: VideoLocation;
  categoryId: string;
  privacy: string;
}

function initialValues(video: EditableVideo): EditValues {
  return {
    title: video.title,
    description: video.description,
    keywords: video.keywords.join(', '),
    externalUrl: video.externalUrl ?? '',
    date: video.date ?? '',
    time: video.time ?? '',
    location: video.location ? { ...emptyLocation(), ...video.location } : emptyLocation(),
    categoryId: String(video.categoryId),
    privacy: video.privacy,
  };
}

/** The request body: an empty date, time or location means none. */
function toBody(values: EditValues) {
  return {
    title: values.title,
    description: values.description,
    keywords: values.keywords,
    externalUrl: values.externalUrl,
    date: values.date || null,
    time: values.time || null,
    location: locationForSubmission(values.location),
    categoryId: Number(values.categoryId),
    privacy: values.privacy as EditableVideo['privacy'],
  };
}

function EditForm({ video }: { video: EditableVideo }) {
  const { t } = useTranslation();
  const save = useSaveVideoEdit(video.id);
  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues: initialValues(video),
    validate: (values) => zodValidator(videoEditBody)(toBody(values)),
  });
  const videoPath = buildPath(ROUTES.video, { videoId: video.id });
  const categories = VISIBLE_CATEGORY_IDS.map((id) => ({
    value: String(id),
    label: t(`categories.${id}`),
  })).sort((a, b) => a.label.localeCompare(b.label));

  const handleSubmit = useSubmitAndReturn(form, save, { videoId: video.id, done: t('edit.saved'), toBody });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <VideoTextFields form={form} />
        <ShootingTimeFields form={form} />
        <FormLocationField form={form} />
        <Select
          label={t('edit.fields.category')}
          data={categories}
          allowDeselect={false}
          searchable
          {...fieldProps(form, t, 'categoryId')}
        />
        <Radio.Group label={t('edit.fields.privacy')} {...fieldProps(form, t, 'privacy')}>
          <Stack gap="xs" mt="xs">
            {VIDEO_PRIVACY.map((privacy) => (
              <Radio
                key={privacy}
                value={privacy}
                label={t(`edit.privacy.${privacy}`)}
                description={t(`edit.privacy.${privacy}Hint`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <FormActions
          error={save.error}
          pending={save.isPending}
          cancelTo={videoPath}
          submitLabel={t('edit.save')}
        />
      </Stack>
    </form>
  );
}

/** /videos/{videoId}/edit (SPEC 2.1, 2.6): the owner and staff edit the video; others are sent to suggest. */
export function VideoEditPage() {
  const { t } = useTranslation();
  const { videoId, video } = useVideoUnderEdit();
  return (
    <RequireSignIn>
      <Container size="sm" py="xl">
        {video.isError ? (
          <VideoNotFound error={video.error} />
        ) : video.data && !video.data.canEdit ? (
          <Stack align="center">
            <AccessDenied variant="notAuthorized" />
            {video.data.canSuggest && (
              <Anchor component={Link} to={buildPath(ROUTES.videoEditSuggestion, { videoId })}>
                {t('edit.suggestInstead')}
              </Anchor>
            )}
          </Stack>
        ) : video.data ? (
          <Stack gap="lg">
            <EditHeading title={t('edit.title')} subtitle={video.data.title} />
            <EditForm video={video.data} />
          </Stack>
        ) : null}
      </Container>
    </RequireSignIn>
  );
}
