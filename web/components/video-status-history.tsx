import { Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { moderationEndpoints } from '../../common/endpoints/moderation';
import { hasRight } from '../../common/permissions';
import { clientOf } from '../lib/api-client';
import { useDates } from '../lib/dates';
import { useSession } from '../lib/session';
import { useTranslation } from '../lib/translation';
import { displayName } from '../lib/user-path';
import { TitledSection } from './titled-section';
import { statusNameKey } from './video-status-name';

const moderation = clientOf(moderationEndpoints);

/**
 * The status changes of a video (who, when, from, to, why), for staff only (SPEC 4.1): the video page
 * shows it under the details. Nothing for anyone else; the server refuses them the same.
 */
export function VideoStatusHistory({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const staff = hasRight(user, 'manage_videos');
  const history = useQuery({
    queryKey: ['videos', videoId, 'history'],
    queryFn: () => moderation.history({ params: { videoId } }),
    enabled: staff,
  });
  const { dateTime } = useDates();
  if (!staff || !history.data) return null;
  return (
    <TitledSection title={t('moderation.history.title')}>
      {history.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('moderation.history.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={history.data.items.length - 1}>
          {history.data.items.map((change) => (
            <Timeline.Item
              key={change.id}
              title={`${t(statusNameKey(change.from))} → ${t(statusNameKey(change.to))}`}
            >
              <Text size="xs" c="dimmed">
                {dateTime(change.changedAt)} ·{' '}
                {change.automatic
                  ? t('moderation.history.automatic')
                  : t('moderation.history.by', {
                      name: change.changedBy
                        ? displayName(change.changedBy.name, t)
                        : t('moderation.history.unknown'),
                    })}
              </Text>
              {change.reason && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {t('moderation.history.reason', { reason: change.reason })}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </TitledSection>
  );
}
