import { Anchor, AspectRatio, Badge, Box, Card, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { VideoCard as VideoCardData, VideoPerson } from '../../common/contracts/videos';
import { durationLabel } from '../../common/duration';
import { buildPath, ROUTES } from '../../common/routes';
import { VIDEO_STATUS_BADGE } from '../../common/video-status';
import { useDates } from '../lib/dates';
import { useSession } from '../lib/session';
import { useTranslation } from '../lib/translation';
import { displayName, useUserPath } from '../lib/user-path';
import { cardBadge } from './card-status';
import { CollectButton } from './collect-button';
import { CARD_IMAGE_SIZES, chooseThumbnail } from './video-thumbnail';

const BADGE_COLOURS = { red: 'red', green: 'green', black: 'dark', none: 'gray' } as const;

/** SMPTE-like colour bars, for a video with no thumbnail yet (SPEC 2.3). */
export const COLOUR_BARS =
  'linear-gradient(90deg,#c0c0c0 0 14.28%,#c0c000 0 28.57%,#00c0c0 0 42.85%,#00c000 0 57.14%,#c000c0 0 71.42%,#c00000 0 85.71%,#0000c0 0)';

function Thumbnail({ video, first }: { video: VideoCardData; first: Placement }) {
  const { t } = useTranslation();
  const choice = chooseThumbnail(video);
  // A YouTube video without the largest picture answers a grey placeholder or an error: take hqdefault.
  const [failed, setFailed] = useState(false);
  if (choice.kind === 'bars') return <Box style={{ background: COLOUR_BARS }} aria-hidden />;
  // Our own WebP sizes that fail (a file not there) leave the JPEG; YouTube's leave hqdefault.
  const srcSet = failed ? undefined : choice.srcSet;
  return (
    <img
      src={choice.kind === 'youtube' && failed ? choice.fallback : choice.src}
      srcSet={srcSet}
      sizes={srcSet ? CARD_IMAGE_SIZES : undefined}
      onError={() => setFailed(true)}
      alt={t('videos.thumbnailOf', { title: video.title })}
      loading={first === 'below' ? 'lazy' : 'eager'}
      // The rest of a desktop's first row after the largest: on a phone they are below it and must not
      // share its bandwidth (nor be preloaded by a page the server renders).
      fetchPriority={first === 'largest' ? 'high' : first === 'firstRow' ? 'low' : 'auto'}
      decoding="async"
      width={640}
      height={360}
      style={{ width: '100%', height: '100%', objectFit: 'cover', background: 'var(--mantine-color-gray-2)' }}
    />
  );
}

/** A linked user name (SPEC 2.3: /me for oneself, the profile for anyone else). */
function PersonLink({ person }: { person: VideoPerson }) {
  const { t } = useTranslation();
  const userPath = useUserPath();
  return (
    <Anchor component={Link} to={userPath(person.id)} c="dimmed" inherit fw={500}>
      {displayName(person.name, t)}
    </Anchor>
  );
}

/**
 * Where a card stands in its grid, for its picture: the first card's is the page's largest paint (fetched
 * first), the rest of the first row's load at once, the cards below load as they near the screen.
 */
export type Placement = 'largest' | 'firstRow' | 'below';

/** A video's card (SPEC 2.3): picture, duration, status, title, who and when, referrer and last edit. */
export function VideoCard({ video, placement = 'below' }: { video: VideoCardData; placement?: Placement }) {
  const { t } = useTranslation();
  const { date: formatDate } = useDates();
  const href = buildPath(ROUTES.video, { videoId: video.id });
  const badge = VIDEO_STATUS_BADGE[video.status];
  const duration = durationLabel(video.duration);
  const { user: viewer } = useSession();
  const shown = cardBadge(viewer, video);
  const showStatus = shown === 'status';

  return (
    <Card withBorder radius="lg" padding={0} component="article" h="100%" data-testid="video-card">
      {/* The title below is the card's link for keyboards and screen readers; the picture repeats it for the mouse. */}
      <Link to={href} tabIndex={-1} aria-hidden="true" style={{ display: 'block', position: 'relative' }}>
        <AspectRatio ratio={16 / 9}>
          <Thumbnail video={video} first={placement} />
        </AspectRatio>
        {duration && (
          <Badge pos="absolute" bottom={8} right={8} color="dark" variant="filled" radius="sm" size="sm">
            {duration}
          </Badge>
        )}
        {showStatus && video.processingError && (
          <Badge pos="absolute" top={8} left={8} radius="sm" size="sm" color="red">
            {t('videos.processingFailed')}
          </Badge>
        )}
        {shown === 'licensable' && (
          <Badge pos="absolute" top={8} left={8} radius="sm" size="sm" color="teal" variant="filled">
            {t('videos.card.licensable')}
          </Badge>
        )}
        {showStatus && !video.processingError && (
          <Badge
            pos="absolute"
            top={8}
            left={8}
            radius="sm"
            size="sm"
            variant={badge.colour === 'none' ? 'white' : 'filled'}
            color={BADGE_COLOURS[badge.colour]}
            data-testid="video-status"
          >
            {t(`videos.status.${badge.label}`)}
          </Badge>
        )}
      </Link>
      <Box p="md">
        <Group justify="space-between" align="flex-start" gap={4} wrap="nowrap">
          <Anchor component={Link} to={href} c="dark" fw={650} lineClamp={2} underline="hover">
            {video.title}
          </Anchor>
          {viewer && <CollectButton videoId={video.id} title={video.title} compact />}
        </Group>
        <Text size="sm" c="dimmed" mt={6} lineClamp={2}>
          <NameInText i18nKey="videos.card.byline" person={video.user} />
          {video.referredBy && (
            <>
              {' · '}
              <NameInText i18nKey="videos.card.referredBy" person={video.referredBy} />
            </>
          )}
          {' · '}
          <time dateTime={video.createdAt}>{formatDate(video.createdAt)}</time>
        </Text>
        {video.editedBy && video.editDate && (
          <Text size="xs" c="dimmed" mt={4} fs="italic">
            <NameInText i18nKey="videos.card.editedBy" person={video.editedBy} />
            {' · '}
            <time dateTime={video.editDate}>{formatDate(video.editDate)}</time>
          </Text>
        )}
      </Box>
    </Card>
  );
}

/** "by {name}" and the like, with the name as a link wherever the language puts it. */
function NameInText({ i18nKey, person }: { i18nKey: string; person: VideoPerson }) {
  const { t } = useTranslation();
  const [before, after = ''] = t(i18nKey, { name: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <PersonLink person={person} />
      {after}
    </>
  );
}
