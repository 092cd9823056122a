import { AspectRatio, Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconHourglass, IconLock, IconShieldCheck, IconVideoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { useSession } from '../lib/session';
import { useTranslation } from '../lib/translation';
import { playbackQuery } from './playback-query';
import { refreshDelay } from './playback-refresh';
import { useViewReport } from './view-report';
import { YouTubeEmbed } from './youtube-embed';

export interface VideoPlayerProps {
  videoId: string;
  title: string;
  youtubeId: string | null;
  /** The native file exists (its URL comes from `/playback`). */
  hasFile: boolean;
  /** Shown while the preview is being prepared. */
  thumbnailUrl: string | null;
  /** Play our own file even when the video is on YouTube (the owner and staff checking the original). */
  forceNative?: boolean;
}

/**
 * The player (SPEC 2.3), 16:9: YouTube's privacy-enhanced embed when the video is there and native is not
 * forced; else the native player on a signed, expiring URL that answers byte ranges, renewed before it
 * expires without losing the position or the play state; a notice when there is no file or it fails.
 * The server decides which file: the watermarked preview, or the original for the owner and staff.
 */
export function VideoPlayer({
  videoId,
  title,
  youtubeId,
  hasFile,
  thumbnailUrl,
  forceNative = false,
}: VideoPlayerProps) {
  if (youtubeId && !forceNative) return <YouTubeEmbed youtubeId={youtubeId} title={title} />;
  if (!hasFile) return <Unavailable />;
  return <NativePlayer videoId={videoId} title={title} thumbnailUrl={thumbnailUrl} />;
}

function NativePlayer({
  videoId,
  title,
  thumbnailUrl,
}: {
  videoId: string;
  title: string;
  thumbnailUrl: string | null;
}) {
  const element = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // Which file plays depends on who asks: signing in or out on the page asks again.
  const session = useSession();
  const playback = useQuery({
    ...playbackQuery(videoId, session.user?.id ?? null),
    enabled: !session.isLoading,
  });
  const refetch = playback.refetch;
  const expiresAt = playback.data?.expiresAt;
  const url = playback.data?.url;
  useViewReport(element, videoId, url);

  // Renew the URL before it expires.
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setTimeout(() => void refetch(), refreshDelay(expiresAt, Date.now()));
    return () => window.clearTimeout(timer);
  }, [expiresAt, refetch]);

  // Swap the source by hand: setting a new src restarts the media, so carry over position and play state.
  useEffect(() => {
    const video = element.current;
    if (!video || !url) return;
    if (!video.currentSrc) {
      video.src = url;
      return;
    }
    const position = video.currentTime;
    const wasPlaying = !video.paused && !video.ended;
    const restore = () => {
      video.currentTime = position;
      if (wasPlaying) void video.play().catch(() => undefined);
    };
    video.addEventListener('loadedmetadata', restore, { once: true });
    video.src = url;
    video.load();
    return () => video.removeEventListener('loadedmetadata', restore);
  }, [url]);

  if (failed || playback.isError) return <Unavailable />;
  if (playback.data?.ready === false) return <PreparingPreview thumbnailUrl={thumbnailUrl} />;
  const rendition = playback.data?.rendition;
  if (thumbnailUrl) preload(thumbnailUrl, { as: 'image', fetchPriority: 'high' });
  return (
    <Stack gap={6}>
      <AspectRatio
        ratio={16 / 9}
        style={{ background: 'black', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        {playback.isPending && (
          <Center pos="absolute" inset={0} style={{ zIndex: 1 }}>
            <Loader color="gray" />
          </Center>
        )}
        {/* Footage from people's phones comes without captions; there is no track to offer. */}
        {/* biome-ignore lint/a11y/useMediaCaption: no captions exist for uploaded footage */}
        <video
          ref={element}
          data-rendition={rendition}
          controls
          preload="metadata"
          playsInline
          aria-label={title}
          // The thumbnail until the first frame: the page's largest picture, so it is asked for first.
          poster={thumbnailUrl ?? undefined}
          onError={() => setFailed(true)}
          style={{ width: '100%', height: '100%', display: 'block' }}
        />
      </AspectRatio>
      {rendition && <RenditionNote rendition={rendition} />}
    </Stack>
  );
}

/** Says which file plays: buyers learn the original comes with a license, owners that they see the original. */
function RenditionNote({ rendition }: { rendition: 'preview' | 'original' }) {
  const { t } = useTranslation();
  const Icon = rendition === 'preview' ? IconLock : IconShieldCheck;
  return (
    <Group gap={6} wrap="nowrap" data-testid="rendition-note" data-rendition={rendition}>
      <Icon size={16} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" c="dimmed">
        {t(rendition === 'preview' ? 'videos.player.previewNote' : 'videos.player.originalNote')}
      </Text>
    </Group>
  );
}

/** The preview is not made yet: the thumbnail, dimmed, with a notice; the player asks again meanwhile. */
function PreparingPreview({ thumbnailUrl }: { thumbnailUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <AspectRatio
      ratio={16 / 9}
      style={{
        background: 'var(--mantine-color-dark-6)',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
      }}
    >
      <Box pos="relative" w="100%" h="100%">
        {thumbnailUrl && (
          <img
            src={thumbnailUrl}
            alt=""
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          />
        )}
        <Center pos="absolute" inset={0} bg="rgba(0, 0, 0, 0.6)">
          <Stack align="center" gap={4} p="md" role="status" data-testid="preview-preparing">
            <IconHourglass size={36} color="white" aria-hidden />
            <Text c="white" fw={600} ta="center">
              {t('videos.player.preparing')}
            </Text>
            <Text c="gray.3" size="sm" ta="center">
              {t('videos.player.preparingHint')}
            </Text>
          </Stack>
        </Center>
      </Box>
    </AspectRatio>
  );
}

/** SPEC 2.3: no file, or the file can not be played. */
function Unavailable() {
  const { t } = useTranslation();
  return (
    <AspectRatio
      ratio={16 / 9}
      style={{ background: 'var(--mantine-color-dark-6)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Center>
        <Stack align="center" gap="xs" p="md" role="status">
          <IconVideoOff size={40} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text c="gray.3" ta="center" data-testid="player-unavailable">
            {t('videos.player.unavailable')}
          </Text>
        </Stack>
      </Center>
    </AspectRatio>
  );
}
