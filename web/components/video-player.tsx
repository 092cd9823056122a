import { AspectRatio, Center, Loader, Stack, Text } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoPlayback } from '../../common/contracts/videos';
import { api } from '../lib/api';
import { refreshDelay } from './playback-refresh';
import { YouTubeEmbed } from './youtube-embed';

export interface VideoPlayerProps {
  videoId: string;
  title: string;
  youtubeId: string | null;
  /** The native file exists (its URL comes from `/playback`). */
  hasFile: boolean;
  /** Play our own file even when the video is on YouTube (the owner and staff checking the original). */
  forceNative?: boolean;
}

/**
 * The player (SPEC 2.3), 16:9: YouTube's privacy-enhanced embed when the video is there and native is not
 * forced; else the native player on a signed, expiring URL that answers byte ranges, renewed before it
 * expires without losing the position or the play state; a notice when there is no file or it fails.
 */
export function VideoPlayer({ videoId, title, youtubeId, hasFile, forceNative = false }: VideoPlayerProps) {
  if (youtubeId && !forceNative) return <YouTubeEmbed youtubeId={youtubeId} title={title} />;
  if (!hasFile) return <Unavailable />;
  return <NativePlayer videoId={videoId} title={title} />;
}

function NativePlayer({ videoId, title }: { videoId: string; title: string }) {
  const { t } = useTranslation();
  const element = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const playback = useQuery({
    queryKey: ['videos', videoId, 'playback'],
    queryFn: ({ signal }) =>
      api<VideoPlayback>(`/api/videos/${encodeURIComponent(videoId)}/playback`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
  });
  const refetch = playback.refetch;
  const expiresAt = playback.data?.expiresAt;
  const url = playback.data?.url;

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
  return (
    <AspectRatio
      ratio={16 / 9}
      style={{ background: 'black', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
    >
      {playback.isPending && (
        <Center>
          <Loader color="gray" aria-label={t('app.loading')} />
        </Center>
      )}
      {/* Footage from people's phones comes without captions; there is no track to offer. */}
      {/* biome-ignore lint/a11y/useMediaCaption: no captions exist for uploaded footage */}
      <video
        ref={element}
        controls
        preload="metadata"
        playsInline
        aria-label={title}
        onError={() => setFailed(true)}
        style={{ width: '100%', height: '100%', display: playback.isPending ? 'none' : 'block' }}
      />
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
