import { Button, Group, Text } from '@mantine/core';
import { IconBrandYoutube, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { VideoDetail } from '../../../common/contracts/videos';
import { moderationEndpoints } from '../../../common/endpoints/moderation';
import { FormError } from '../../components/form-error';
import { TitledSection } from '../../components/titled-section';
import { clientOf } from '../../lib/api-client';
import { VIDEOS_KEY } from '../../lib/query-keys';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';

const moderation = clientOf(moderationEndpoints);

/** Staff send a video to YouTube again after its publishing finally failed. */
function useRetryPublishing(videoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => moderation.retryPublishing({ params: { videoId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: VIDEOS_KEY }),
  });
}

/**
 * Publishing, for staff (issue 21): which player the page shows when the video is on YouTube (YouTube's
 * embed, or our own copy to check the original), and a retry when publishing finally failed (the reason
 * is in the status history below). Nothing when there is nothing to choose or do.
 */
export function PublishingControls({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const retry = useRetryPublishing(video.id);
  const failed = video.status === 'yt_upload_error';
  const canChoosePlayer = Boolean(video.youtubeId) && video.hasFile;
  if (!video.abilities.moderate || (!failed && !canChoosePlayer)) return null;
  const native = params.get('player') === 'native';
  const choosePlayer = (nativePlayer: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (nativePlayer) next.set('player', 'native');
        else next.delete('player');
        return next;
      },
      { replace: true },
    );

  return (
    <TitledSection title={t('publishing.title')}>
      {failed && (
        <>
          <Text size="sm" data-testid="publishing-failed">
            {t('publishing.failed')}
          </Text>
          <Group>
            <Button
              size="sm"
              leftSection={<IconRefresh size={16} />}
              loading={retry.isPending}
              onClick={() =>
                retry.mutate(undefined, {
                  onSuccess: () => showToast('success', t('publishing.retried')),
                })
              }
            >
              {t('publishing.retry')}
            </Button>
          </Group>
          <FormError error={retry.error} />
        </>
      )}
      {canChoosePlayer && (
        <Group gap="xs">
          <Button
            size="xs"
            variant={native ? 'default' : 'light'}
            leftSection={<IconBrandYoutube size={16} />}
            aria-pressed={!native}
            onClick={() => choosePlayer(false)}
          >
            {t('publishing.playYouTube')}
          </Button>
          <Button
            size="xs"
            variant={native ? 'light' : 'default'}
            leftSection={<IconPlayerPlay size={16} />}
            aria-pressed={native}
            onClick={() => choosePlayer(true)}
          >
            {t('publishing.playNative')}
          </Button>
        </Group>
      )}
    </TitledSection>
  );
}
