import { Anchor, Container, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { type EditableVideo, editSuggestionBody } from '../../../common/contracts/video-edits';
import { buildPath, ROUTES } from '../../../common/routes';
import { RequireVerified } from '../../components/require-access';
import { VideoTextFields, type VideoTextValues } from '../../components/video-text-fields';
import { zodValidator } from '../../lib/forms';
import { useTranslation } from '../../lib/translation';
import { useSuggestVideoEdit } from './api';
import { EditHeading, useSubmitAndReturn, useVideoUnderEdit } from './edit-page-parts';
import { FormActions } from './form-actions';
import { VideoNotFound } from './video-not-found';

function SuggestionForm({ video }: { video: EditableVideo }) {
  const { t } = useTranslation();
  const suggest = useSuggestVideoEdit(video.id);
  const form = useForm<VideoTextValues>({
    mode: 'controlled',
    initialValues: {
      title: video.title,
      description: video.description,
      keywords: video.keywords.join(', '),
      externalUrl: video.externalUrl ?? '',
    },
    validate: zodValidator(editSuggestionBody),
  });
  const videoPath = buildPath(ROUTES.video, { videoId: video.id });
  const handleSubmit = useSubmitAndReturn(form, suggest, {
    videoId: video.id,
    done: t('edit.suggested'),
    toBody: (values) => values,
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <VideoTextFields form={form} />
        <FormActions
          error={suggest.error}
          pending={suggest.isPending}
          cancelTo={videoPath}
          submitLabel={t('edit.suggest')}
        />
      </Stack>
    </form>
  );
}

/** /videos/{videoId}/edit_suggestion (SPEC 2.1): a verified member proposes changes to someone else's video. */
export function EditSuggestionPage() {
  const { t } = useTranslation();
  const { videoId, video } = useVideoUnderEdit();
  return (
    <RequireVerified>
      <Container size="sm" py="xl">
        {video.isError ? (
          <VideoNotFound error={video.error} />
        ) : video.data ? (
          <Stack gap="lg">
            <EditHeading
              title={t('edit.suggestTitle')}
              subtitle={t('edit.suggestIntro', { title: video.data.title })}
            />
            {video.data.canSuggest ? (
              <SuggestionForm video={video.data} />
            ) : (
              <Anchor component={Link} to={buildPath(ROUTES.videoEdit, { videoId })}>
                {t('edit.editInstead')}
              </Anchor>
            )}
          </Stack>
        ) : null}
      </Container>
    </RequireVerified>
  );
}
