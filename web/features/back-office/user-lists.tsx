import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminUserDetail } from '../../../common/contracts/admin-users';
import { buildPath, ROUTES } from '../../../common/routes';
import { statusNameKey } from '../../components/video-status-name';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
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

/** A short list of links, each followed by its status and date; a sentence when there is none. */
function DatedLinks({
  empty,
  items,
}: {
  empty: string;
  items: { id: string; to: string; label: string; status: string; createdAt: string }[];
}) {
  const { date } = useDates();
  return items.length === 0 ? (
    <Text size="sm" c="dimmed">
      {empty}
    </Text>
  ) : (
    <List size="sm" spacing={4}>
      {items.map((item) => (
        <List.Item key={item.id}>
          <Anchor component={Link} to={item.to}>
            {item.label}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            · {item.status} · {date(item.createdAt)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** The member's newest videos in every status, each with its status and upload date. */
export function UserVideoList({ videos }: { videos: AdminUserDetail['videos'] }) {
  const { t } = useTranslation();
  return (
    <DatedLinks
      empty={t('backOffice.user.noVideos')}
      items={videos.map((video) => ({
        id: video.id,
        to: buildPath(ROUTES.video, { videoId: video.id }),
        label: video.title,
        status: t(statusNameKey(video.status)),
        createdAt: video.createdAt,
      }))}
    />
  );
}

/** The newest license requests the member made as a buyer, each with its status and date. */
export function UserLicenseRequestList({ requests }: { requests: AdminUserDetail['licenseRequests'] }) {
  const { t } = useTranslation();
  return (
    <DatedLinks
      empty={t('backOffice.user.noLicenseRequests')}
      items={requests.map((request) => ({
        id: request.id,
        to: buildPath(ROUTES.adminLicenseRequest, { licenseRequestId: request.id }),
        label: request.videoTitle,
        status: t(`licensing.status.${request.status}`),
        createdAt: request.createdAt,
      }))}
    />
  );
}
