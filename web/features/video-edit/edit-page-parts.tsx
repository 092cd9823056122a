import { Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { buildPath, ROUTES } from '../../../common/routes';
import { ApiError } from '../../lib/api';
import { usePageName } from '../../lib/route-title';
import { showToast } from '../../lib/toast';
import { useEditableVideo } from './api';

/** The video a page under /videos/{id} changes, loaded, with the page titled by its name. */
export function useVideoUnderEdit() {
  const { videoId = '' } = useParams();
  const video = useEditableVideo(videoId);
  usePageName(video.data?.title, { replaces: 'video' });
  return { videoId, video };
}

/** The heading of both edit pages: what the page does, and the video's title below it. */
export function EditHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {title}
      </Title>
      <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {subtitle}
      </Text>
    </div>
  );
}

/**
 * The submit of both edit forms: sends the body, and on success says so and goes back to the video; a
 * refusal puts each field's message under its field (the rest shows in FormActions).
 */
export function useSubmitAndReturn<Values extends object, Body>(
  form: UseFormReturnType<Values>,
  mutation: UseMutationResult<unknown, Error, Body>,
  { videoId, done, toBody }: { videoId: string; done: string; toBody: (values: Values) => Body },
) {
  const navigate = useNavigate();
  return form.onSubmit((values) =>
    mutation.mutate(toBody(values), {
      onSuccess: () => {
        showToast('success', done);
        navigate(buildPath(ROUTES.video, { videoId }));
      },
      onError: (error) => {
        if (error instanceof ApiError)
          for (const issue of error.fields) form.setFieldError(issue.field, issue.message);
      },
    }),
  );
}
