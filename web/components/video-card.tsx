import { Anchor, AspectRatio, Badge, Box, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoCard as VideoCardData } from '../../common/contracts/videos';
import { durationLabel } from '../../common/duration';
import { buildPath, ROUTES } from '../../common/routes';
import { VIDEO_STATUS_BADGE } from '../../common/video-status';
import { displayName, useUserPath } from '../lib/user-path';

const BADGE_COLOURS = { red: 'red', green: 'green', black: 'dark', none: 'gray' } as const;

/** SMPTE-like colour bars, for a video with no thumbnail yet (SPEC 2.3). */
const COLOUR_BARS =
  'linear-gradient(90deg,#c0c0c0 0 14.28%,#c0c000 0 28.57%,#00c0c0 0 42.85%,#00c000 0 57.14%,#c000c0 0 71.42%,#c00000 0 85.71%,#0000c0 0)';

function thumbnailOf(video: VideoCardData): string | null {
  if (video.youtubeId) return `https://i.ytimg.com/vi/${encodeURIComponent(video.youtubeId)}/mqdefault.jpg`;
  return video.thumbnailUrl;
}

export function VideoCard({ video }: { video: VideoCardData }) {
  const { t, i18n } = useTranslation();
  const userPath = useUserPath();
  const href = buildPath(ROUTES.video, { videoId: video.id });
  const badge = VIDEO_STATUS_BADGE[video.status];
  const duration = durationLabel(video.duration);
  const thumbnail = thumbnailOf(video);
  const published = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' }).format(
    new Date(video.createdAt),
  );

  return (
    <Card withBorder radius="lg" padding={0} component="article" h="100%">
      {/* The title below is the card's link for keyboards and screen readers; the picture repeats it for the mouse. */}
      <Link to={href} tabIndex={-1} aria-hidden="true" style={{ display: 'block', position: 'relative' }}>
        <AspectRatio ratio={16 / 9}>
          {thumbnail ? (
            <img
              src={thumbnail}
              alt={t('videos.thumbnailOf', { title: video.title })}
              loading="lazy"
              width={640}
              height={360}
              style={{
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                background: 'var(--mantine-color-gray-2)',
              }}
            />
          ) : (
            <Box style={{ background: COLOUR_BARS }} aria-hidden />
          )}
        </AspectRatio>
        {duration && (
          <Badge pos="absolute" bottom={8} right={8} color="dark" variant="filled" radius="sm" size="sm">
            {duration}
          </Badge>
        )}
        {video.processingError ? (
          <Badge pos="absolute" top={8} left={8} radius="sm" size="sm" color="red">
            {t('videos.processingFailed')}
          </Badge>
        ) : (
          <Badge
            pos="absolute"
            top={8}
            left={8}
            radius="sm"
            size="sm"
            variant={badge.colour === 'none' ? 'white' : 'filled'}
            color={BADGE_COLOURS[badge.colour]}
          >
            {t(`videos.status.${badge.label}`)}
          </Badge>
        )}
      </Link>
      <Box p="md">
        <Anchor component={Link} to={href} c="dark" fw={650} lineClamp={2} underline="hover">
          {video.title}
        </Anchor>
        <Group gap={6} mt={6} wrap="nowrap">
          <Text size="sm" c="dimmed" truncate>
            <Anchor component={Link} to={userPath(video.user.id)} c="dimmed" inherit>
              {t('videos.by', { name: displayName(video.user.name, t) })}
            </Anchor>
            {' · '}
            <time dateTime={video.createdAt}>{published}</time>
          </Text>
        </Group>
      </Box>
    </Card>
  );
}
