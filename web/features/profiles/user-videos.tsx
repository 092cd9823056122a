import { Alert, Button, Card, Center, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VideoCard } from '../../components/video-card';
import { useUserVideos } from './api';

const GRID = { base: 1, xs: 2, md: 3 };

/** A user's videos in a grid with "Load more" (cursor paging); loading, empty and error states. */
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
  const videos = useUserVideos(userId);
  const items = videos.data?.pages.flatMap((page) => page.items) ?? [];

  let body: React.ReactNode;
  if (videos.isPending) {
    body = (
      <SimpleGrid cols={GRID} aria-busy="true" aria-label={t('app.loading')}>
        {[0, 1, 2].map((slot) => (
          <Skeleton key={slot} h={240} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (videos.isError) {
    body = (
      <Alert color="red" title={t('users.videosError')}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void videos.refetch()}>
          {t('home.retry')}
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <Card withBorder radius="lg" p="xl" ta="center">
        <Text c="dimmed">{t(own ? 'users.noVideosOwn' : 'users.noVideos')}</Text>
      </Card>
    );
  } else {
    body = (
      <>
        <SimpleGrid cols={GRID}>
          {items.map((video) => (
            <VideoCard key={video.id} video={video} />
          ))}
        </SimpleGrid>
        {videos.hasNextPage && (
          <Center>
            <Button
              variant="light"
              loading={videos.isFetchingNextPage}
              onClick={() => void videos.fetchNextPage()}
            >
              {t('users.loadMore')}
            </Button>
          </Center>
        )}
      </>
    );
  }

  return (
    <Stack gap="md">
      {/* The page's own heading on /me/videos, a section's on a profile. */}
      <Title order={isPage ? 1 : 2} fz={isPage ? undefined : 'xl'}>
        {t(own ? 'users.myVideos' : 'users.videos')}
      </Title>
      {body}
    </Stack>
  );
}
