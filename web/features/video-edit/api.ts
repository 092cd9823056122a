import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditableVideo, EditSuggestionBody, VideoEditBody } from '../../../common/contracts/video-edits';
import { api } from '../../lib/api';
import { VIDEOS_KEY } from '../../lib/query-keys';

/** The video's editable fields and what the caller may do with them. */
export function useEditableVideo(videoId: string) {
  return useQuery({
    queryKey: ['videos', videoId, 'editable'],
    queryFn: () => api<EditableVideo>(`/api/videos/${videoId}/editable`),
    retry: false,
  });
}

export function useSaveVideoEdit(videoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VideoEditBody) =>
      api<EditableVideo>(`/api/videos/${videoId}`, { method: 'PUT', body }),
    // Cards and the video page show the new title and the "edited by" byline.
    onSuccess: () => client.invalidateQueries({ queryKey: VIDEOS_KEY }),
  });
}

export function useSuggestVideoEdit(videoId: string) {
  return useMutation({
    mutationFn: (body: EditSuggestionBody) =>
      api<{ id: string }>(`/api/videos/${videoId}/edit_suggestions`, { method: 'POST', body }),
  });
}
