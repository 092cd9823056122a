import { Text } from '@mantine/core';
import type { VideoDetail } from '../../../common/contracts/videos';
import { TitledSection } from '../../components/titled-section';
import { StatusActions } from '../../components/video-status-actions';
import { useTranslation } from '../../lib/translation';

/**
 * Staff change the status here as on the review queue: the same buttons and decline reason, the same
 * endpoint, and the moves the server sends for this video. Nothing for others (they get no moves).
 */
export function StaffStatusPanel({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  if (!video.abilities.moderate || video.nextStatuses.length === 0) return null;
  return (
    <TitledSection gap={4} title={t('moderation.change.title')}>
      <Text size="sm" c="dimmed">
        {t('moderation.change.hint')}
      </Text>
      <StatusActions videoId={video.id} title={video.title} next={video.nextStatuses} />
    </TitledSection>
  );
}
