import { Group, Stack, Title } from '@mantine/core';
import { VideoGrid } from '../../components/video-grid';
import { parseStatusParam, VideoStatusFilter } from '../../components/video-status-filter';
import { useTranslation } from '../../lib/translation';
import { useUrlFilter } from '../../lib/url-filter';
import { userVideosPage } from './api';

/**
 * A user's videos in a paged grid (cursor paging); on /me/videos the owner can narrow them to one status
 * (`?status=`), since the owner sees their videos in every status.
 */
export function UserVideos({
  userId,
  own,
  isPage = false,
}: {
  userId: string;
  own: boolean;
  isPage?: boolean;
}) {
  const { t } = useTranslation();
  const { params, setParam } = useUrlFilter();
  const status = isPage && own ? parseStatusParam(params.get('status')) : null;
  const handleStatus = (next: string | null) => setParam('status', next);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        {/* The page's own heading on /me/videos, a section's on a profile. */}
        <Title order={isPage ? 1 : 2} fz={isPage ? undefined : 'xl'}>
          {t(own ? 'users.myVideos' : 'users.videos')}
        </Title>
        {isPage && own && <VideoStatusFilter value={status} onChange={handleStatus} />}
      </Group>
      <VideoGrid
        queryKey={['videos', 'user', userId, status ?? 'all']}
        fetchPage={userVideosPage(userId, status)}
        emptyText={t(status ? 'videos.filter.none' : own ? 'users.noVideosOwn' : 'users.noVideos')}
        skeletons={3}
        columns={{ base: 1, xs: 2, md: 3 }}
      />
    </Stack>
  );
}
