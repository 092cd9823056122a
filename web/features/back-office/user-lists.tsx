import { Anchor, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminUserDetail } from '../../../common/contracts/admin-users';
import { buildPath, ROUTES } from '../../../common/routes';
import { statusNameKey } from '../../components/video-status-name';
import { useDates } from '../../lib/dates';
import { displayName } from '../../lib/user-path';

/** Another member, linked to their back-office page: the name, and the username when there is one. */
function PersonLink({ person }: { person: { id: string; name: string; username: string | null } }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={buildPath(ROUTES.adminUser, { userId: person.id })}>
      {displayName(person.name, t)}
      {person.username ? ` (@${person.username})` : ''}
    </Anchor>
  );
}

/** Who referred the member, and whom they referred. */
export function UserReferrals({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm">
        {t('backOffice.user.referredBy')}: {user.referrer ? <PersonLink person={user.referrer} /> : '—'}
      </Text>
      <Text size="sm">{t('backOffice.user.referredCount', { count: user.referredCount })}</Text>
      {user.referred.length > 0 && (
        <List size="sm" spacing={2}>
          {user.referred.map((p) => (
            <List.Item key={p.id}>
              <PersonLink person={p} />
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The member's newest videos in every status, each with its status and upload date. */
export function UserVideoList({ videos }: { videos: AdminUserDetail['videos'] }) {
  const { t } = useTranslation();
  const { date: formatDate } = useDates();
  return videos.length === 0 ? (
    <Text size="sm" c="dimmed">
      {t('backOffice.user.noVideos')}
    </Text>
  ) : (
    <List size="sm" spacing={4}>
      {videos.map((video) => (
        <List.Item key={video.id}>
          <Anchor component={Link} to={buildPath(ROUTES.video, { videoId: video.id })}>
            {video.title}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            · {t(statusNameKey(video.status))} · {formatDate(video.createdAt)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** The newest license requests the member made as a buyer, each with its status and date. */
export function UserLicenseRequestList({ requests }: { requests: AdminUserDetail['licenseRequests'] }) {
  const { t } = useTranslation();
  const { date: formatDate } = useDates();
  return requests.length === 0 ? (
    <Text size="sm" c="dimmed">
      {t('backOffice.user.noLicenseRequests')}
    </Text>
  ) : (
    <List size="sm" spacing={4}>
      {requests.map((request) => (
        <List.Item key={request.id}>
          <Anchor
            component={Link}
            to={buildPath(ROUTES.adminLicenseRequest, { licenseRequestId: request.id })}
          >
            {request.videoTitle}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            · {t(`licensing.status.${request.status}`)} · {formatDate(request.createdAt)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
