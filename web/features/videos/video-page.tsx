import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { VideoDetail } from '../../../common/contracts/videos';
import { buildPath, ROUTES } from '../../../common/routes';
import { PUBLIC_VIDEO_STATUSES, VIDEO_STATUS_BADGE } from '../../../common/video-status';
import { lazyWithAllTexts } from '../../components/lazy-when';
import { loadingRegion } from '../../components/loading-region';
import { NotFoundPage } from '../../components/not-found-page';
import { VideoPlayer } from '../../components/video-player';
import { useOpenReport } from '../../components/view-report';
import { ApiError } from '../../lib/api';
import { useDates } from '../../lib/dates';
import { usePageName } from '../../lib/route-title';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { displayName, useUserPath } from '../../lib/user-path';
import { useVideo } from './api';
import { splitParagraphs } from './paragraphs';
import { VideoActions } from './video-actions';
import { VideoDetails } from './video-details';

// What only staff or a license holder see loads for them alone (with every text): a visitor's first page
// stays small.
const StaffStatusPanel = lazyWithAllTexts(
  async () => (await import('./staff-status-panel')).StaffStatusPanel,
);
const PublishingControls = lazyWithAllTexts(
  async () => (await import('./publishing-controls')).PublishingControls,
);
const VideoStatusHistory = lazyWithAllTexts(
  async () => (await import('../../components/video-status-history')).VideoStatusHistory,
);
const HeldLicenses = lazyWithAllTexts(async () => (await import('./held-licenses')).HeldLicenses);
const CopyCheckPanel = lazyWithAllTexts(
  async () => (await import('../../components/copy-check-panel')).CopyCheckPanel,
);
const ProvenanceCard = lazyWithAllTexts(async () => (await import('./provenance-card')).ProvenanceCard);
const OwnerVideoTabs = lazyWithAllTexts(async () => (await import('./owner-video-tabs')).OwnerVideoTabs);
// Its owner's and staff's only: a visitor's first page does not carry it.
const VideoStatusPanel = lazyWithAllTexts(
  async () => (await import('./video-status-panel')).VideoStatusPanel,
);

const BADGE_COLOURS = { red: 'red', green: 'green', black: 'dark', none: 'gray' } as const;

/** /videos/{videoId} (SPEC 2.1, 2.3): player, title, byline, actions, description, keywords, details. */
export function VideoPage() {
  const { t } = useTranslation();
  const { videoId } = useParams();
  const [params] = useSearchParams();
  const video = useVideo(videoId);
  usePageName(video.data?.title, { replaces: 'video' });
  useOpenReport(video.data?.id);

  if (video.error instanceof ApiError && (video.error.status === 404 || video.error.status === 400)) {
    return <NotFoundPage />;
  }
  if (video.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={t('videos.page.loadError')}>
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void video.refetch()}>
            {t('videos.grid.retry')}
          </Button>
        </Alert>
      </Container>
    );
  }
  if (!video.data) return <VideoPageSkeleton />;
  const data = video.data;

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <VideoPlayer
              videoId={data.id}
              title={data.title}
              youtubeId={data.youtubeId}
              hasFile={data.hasFile}
              thumbnailUrl={data.thumbnailUrl}
              // Staff (and the owner) may check our own copy of a video that plays from YouTube.
              forceNative={data.abilities.edit && params.get('player') === 'native'}
            />
            <Heading video={data} />
            {data.abilities.moderate && (
              <Suspense fallback={null}>
                <CopyCheckPanel videoId={data.id} title={data.title} />
              </Suspense>
            )}
            {/* On a phone the owner learns what became of the video before scrolling past the description. */}
            {data.abilities.edit && (
              <Box hiddenFrom="md">
                <Suspense fallback={null}>
                  <VideoStatusPanel status={data.status} declined={data.declined} />
                </Suspense>
              </Box>
            )}
            {data.heldLicenses.length > 0 && (
              <Suspense fallback={null}>
                <HeldLicenses licenses={data.heldLicenses} />
              </Suspense>
            )}
            <VideoActions
              videoId={data.id}
              title={data.title}
              abilities={data.abilities}
              holdsLicense={data.heldLicenses.length > 0}
            />
            <About video={data} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {data.abilities.edit && (
              <Box visibleFrom="md">
                <Suspense fallback={null}>
                  <VideoStatusPanel status={data.status} declined={data.declined} />
                </Suspense>
              </Box>
            )}
            {data.abilities.moderate && (
              <Suspense fallback={null}>
                <StaffStatusPanel video={data} />
              </Suspense>
            )}
            <VideoDetails video={data} />
            {data.abilities.provenance && (
              <Suspense fallback={null}>
                <ProvenanceCard videoId={data.id} />
              </Suspense>
            )}
            {data.abilities.moderate && (
              <Suspense fallback={null}>
                <PublishingControls video={data} />
                <VideoStatusHistory videoId={data.id} />
              </Suspense>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/** The description and keywords; for the owner, beside a tab of the video's analytics. */
function About({ video }: { video: VideoDetail }) {
  const { user } = useSession();
  const about = (
    <>
      <Description text={video.description} />
      <Keywords keywords={video.keywords} />
    </>
  );
  if (user?.id !== video.user.id) return about;
  return (
    <Suspense fallback={about}>
      <OwnerVideoTabs videoId={video.id}>{about}</OwnerVideoTabs>
    </Suspense>
  );
}

/** Title, status (for those who may see every status), who published it and when, the last edit. */
function Heading({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  const { date: formatDate } = useDates();
  const userPath = useUserPath();
  const badge = VIDEO_STATUS_BADGE[video.status];
  const showStatus = video.abilities.edit;
  return (
    <Stack gap={6}>
      <Group gap="sm" align="center" wrap="nowrap">
        <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
          {video.title}
        </Title>
      </Group>
      <Group gap="xs" wrap="wrap">
        {showStatus && (
          <Badge
            variant={badge.colour === 'none' ? 'outline' : 'filled'}
            color={BADGE_COLOURS[badge.colour]}
            radius="sm"
            data-testid="video-status"
          >
            {video.processingError ? t('videos.processingFailed') : t(`videos.status.${badge.label}`)}
          </Badge>
        )}
        <Text size="sm" c="dimmed">
          {/* Only a listed video is published; one waiting for review or turned down was only uploaded. */}
          {PUBLIC_VIDEO_STATUSES.includes(video.status)
            ? t('videos.page.publishedBy')
            : t('videos.page.uploadedBy')}{' '}
          <Anchor component={Link} to={userPath(video.user.id)} fw={600} inherit>
            {displayName(video.user.name, t)}
          </Anchor>
          {video.referredBy && (
            <>
              {' · '}
              {t('videos.page.referredBy')}{' '}
              <Anchor component={Link} to={userPath(video.referredBy.id)} inherit underline="always">
                {displayName(video.referredBy.name, t)}
              </Anchor>
            </>
          )}
          {' · '}
          <time dateTime={video.createdAt}>{formatDate(video.createdAt)}</time>
        </Text>
      </Group>
      {video.editedBy && video.editDate && (
        <Text size="xs" c="dimmed" fs="italic">
          {t('videos.page.editedBy')}{' '}
          <Anchor component={Link} to={userPath(video.editedBy.id)} inherit underline="always">
            {displayName(video.editedBy.name, t)}
          </Anchor>
          {' · '}
          <time dateTime={video.editDate}>{formatDate(video.editDate)}</time>
        </Text>
      )}
    </Stack>
  );
}

function Description({ text }: { text: string }) {
  const paragraphs = splitParagraphs(text);
  if (paragraphs.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="video-description">
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity beyond their place
        <Text key={index} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}

/** Each keyword opens its search results (SPEC 2.3). */
function Keywords({ keywords }: { keywords: string[] }) {
  const { t } = useTranslation();
  if (keywords.length === 0) return null;
  return (
    <nav aria-label={t('videos.page.keywords')}>
      <Group gap={8}>
        {keywords.map((keyword) => (
          <Badge
            key={keyword}
            component={Link}
            to={buildPath(ROUTES.searchResults, { keyword })}
            variant="light"
            radius="xl"
            size="lg"
            tt="none"
            style={{ cursor: 'pointer' }}
            data-testid="video-keyword"
          >
            #{keyword}
          </Badge>
        ))}
      </Group>
    </nav>
  );
}

function VideoPageSkeleton() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="xl" {...loadingRegion(t)}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton radius="md" style={{ aspectRatio: '16 / 9' }} />
          <Skeleton h={28} w="70%" mt="md" />
          <Skeleton h={14} w="40%" mt="sm" />
          <Skeleton h={14} mt="lg" />
          <Skeleton h={14} mt="xs" />
          <Skeleton h={14} w="80%" mt="xs" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={320} radius="lg" />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
