import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type EditableVideo, editSuggestionBody } from '../../../common/contracts/video-edits';
import { buildPath, ROUTES } from '../../../common/routes';
import { RequireVerified } from '../../components/require-access';
import { VideoTextFields, type VideoTextValues } from '../../components/video-text-fields';
import { ApiError } from '../../lib/api';
import { zodValidator } from '../../lib/forms';
import { usePageName } from '../../lib/route-title';
import { showToast } from '../../lib/toast';
import { useEditableVideo, useSuggestVideoEdit } from './api';
import { FormActions } from './form-actions';
import { VideoNotFound } from './video-not-found';

function SuggestionForm({ video }: { video: EditableVideo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
  const handleSubmit = form.onSubmit((values) =>
    suggest.mutate(values, {
      onSuccess: () => {
        showToast('success', t('edit.suggested'));
        navigate(videoPath);
      },
      onError: (error) => {
        if (error instanceof ApiError)
          for (const issue of error.fields) form.setFieldError(issue.field, issue.message);
      },
    }),
  );
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
  const { videoId = '' } = useParams();
  const video = useEditableVideo(videoId);
  usePageName(video.data?.title, { replaces: 'video' });
  return (
    <RequireVerified>
      <Container size="sm" py="xl">
        {video.isError ? (
          <VideoNotFound error={video.error} />
        ) : video.data ? (
          <Stack gap="lg">
            <div>
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
                {t('edit.suggestTitle')}
              </Title>
              <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('edit.suggestIntro', { title: video.data.title })}
              </Text>
            </div>
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
