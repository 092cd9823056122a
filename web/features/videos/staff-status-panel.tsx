import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VideoDetail } from '../../../common/contracts/videos';
import { StatusActions } from '../../components/video-status-actions';

/**
 * Staff change the status here as on the review queue: the same buttons and decline reason, the same
 * endpoint, and the moves the server sends for this video. Nothing for others (they get no moves).
 */
export function StaffStatusPanel({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  if (!video.abilities.moderate || video.nextStatuses.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="staff-status-title">
      <Stack gap={4}>
        <Title order={2} fz="h5" id="staff-status-title">
          {t('moderation.change.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('moderation.change.hint')}
        </Text>
        <StatusActions videoId={video.id} title={video.title} next={video.nextStatuses} />
      </Stack>
    </Card>
  );
}
