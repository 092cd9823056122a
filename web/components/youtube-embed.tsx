import { AspectRatio } from '@mantine/core';
import { useTranslation } from '../lib/translation';

/**
 * A video on YouTube (SPEC 2.3), 16:9, in the privacy-enhanced embed (youtube-nocookie.com, the one
 * frame source the CSP allows): no cookies until the visitor plays it.
 */
export function YouTubeEmbed({ youtubeId, title }: { youtubeId: string; title: string }) {
  const { t } = useTranslation();
  return (
    <AspectRatio ratio={16 / 9}>
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}`}
        title={t('videos.player.youtubeTitle', { title })}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="youtube-embed"
        style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
      />
    </AspectRatio>
  );
}
