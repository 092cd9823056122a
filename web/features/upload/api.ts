import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoSubmission } from '../../../common/contracts/video-submission';
import { videoEndpoints } from '../../../common/endpoints/videos';
import { call } from '../../lib/api-client';
import { ME_KEY, VIDEOS_KEY } from '../../lib/query-keys';

/** Creates the video record (details, owner, signature); its file follows through the resumable upload. */
export function useSubmitVideo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (submission: VideoSubmission) => call(videoEndpoints.submit, { body: submission }),
    // The user's own lists now hold one more video ("Not uploaded" until its file arrives).
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: VIDEOS_KEY });
      void client.invalidateQueries({ queryKey: [...ME_KEY, 'dashboard'] });
    },
  });
}
