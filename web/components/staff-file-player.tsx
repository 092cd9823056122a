import { AspectRatio, Box, Text } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from '../lib/translation';

/**
 * A video's own file as staff review it (the review queue, a possible copy's comparison), 16:9, or a note
 * that there is none. `startAt` opens it at that second through a media fragment, before anything plays.
 */
export function StaffFilePlayer(props: {
  url: string | null;
  poster?: string | null;
  label?: string;
  startAt?: number;
  muted?: boolean;
  ref?: Ref<HTMLVideoElement>;
}) {
  const { t } = useTranslation();
  return (
    <AspectRatio ratio={16 / 9}>
      {props.url ? (
        <video
          ref={props.ref}
          src={props.startAt === undefined ? props.url : `${props.url}#t=${props.startAt}`}
          poster={props.poster ?? undefined}
          aria-label={props.label}
          controls
          muted={props.muted}
          preload="metadata"
          style={{ width: '100%', height: '100%', background: 'black', borderRadius: 8 }}
        />
      ) : (
        <Box bg="gray.1" style={{ borderRadius: 8, display: 'grid', placeItems: 'center' }}>
          <Text c="dimmed" size="sm">
            {t('moderation.queue.noFile')}
          </Text>
        </Box>
      )}
    </AspectRatio>
  );
}
