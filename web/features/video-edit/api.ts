import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditSuggestionBody, VideoEditBody } from '../../../common/contracts/video-edits';
import { videoEditsEndpoints } from '../../../common/endpoints/video-edits';
import { clientOf } from '../../lib/api-client';
import { VIDEOS_KEY } from '../../lib/query-keys';

const videoEdits = clientOf(videoEditsEndpoints);

const editableKey = (videoId: string) => [...VIDEOS_KEY, videoId, 'editable'] as const;

/** The video's editable fields and what the caller may do with them. */
export function useEditableVideo(videoId: string) {
  return useQuery({
    queryKey: editableKey(videoId),
    queryFn: () => videoEdits.editable({ params: { videoId } }),
    retry: false,
  });
}

export function useSaveVideoEdit(videoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VideoEditBody) => videoEdits.edit({ params: { videoId }, body }),
    // The answer is the form as saved; cards and the video page show the new title and the "edited by" byline.
    onSuccess: (saved) => {
      client.setQueryData(editableKey(videoId), saved);
      return client.invalidateQueries({ queryKey: VIDEOS_KEY });
    },
  });
}

export function useSuggestVideoEdit(videoId: string) {
  return useMutation({
    mutationFn: (body: EditSuggestionBody) => videoEdits.suggest({ params: { videoId }, body }),
  });
}
