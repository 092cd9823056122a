/** The picture sizes YouTube's image service offers for every video (SPEC 2.3), smallest first. */
export const YOUTUBE_THUMBNAILS = [
  { name: 'default', width: 120, height: 90 },
  { name: 'mqdefault', width: 320, height: 180 },
  { name: 'hqdefault', width: 480, height: 360 },
  { name: 'sddefault', width: 640, height: 480 },
  { name: 'maxresdefault', width: 1280, height: 720 },
] as const;

export function youtubeThumbnailUrl(youtubeId: string, name: (typeof YOUTUBE_THUMBNAILS)[number]['name']) {
  return `https://i.ytimg.com/vi/${encodeURIComponent(youtubeId)}/${name}.jpg`;
}

/** The smallest YouTube picture at least `width` pixels wide (the largest one beyond that). */
export function youtubeThumbnailFor(youtubeId: string, width: number): string {
  const size = YOUTUBE_THUMBNAILS.find((candidate) => candidate.width >= width) ?? YOUTUBE_THUMBNAILS[4];
  return youtubeThumbnailUrl(youtubeId, size.name);
}

/** The card's picture: YouTube's at the size that fits, the video's own, or the colour bars. */
export type ThumbnailChoice =
  | { kind: 'youtube'; src: string; srcSet: string; fallback: string }
  | { kind: 'own'; src: string; srcSet?: string }
  | { kind: 'bars' };

/**
 * Which picture a card shows (SPEC 2.3). `src` is the size for a card of `cardWidth` pixels; `srcSet`
 * lets the browser take the size that fits its card and screen (YouTube's, or our WebP sizes once made);
 * `fallback` (hqdefault, which every YouTube video has) replaces a missing maxres picture.
 */
export function chooseThumbnail(
  video: { youtubeId: string | null; thumbnailUrl: string | null; thumbnailSrcSet?: string | null },
  cardWidth = 320,
): ThumbnailChoice {
  const youtubeId = video.youtubeId?.trim();
  if (youtubeId) {
    return {
      kind: 'youtube',
      src: youtubeThumbnailFor(youtubeId, cardWidth),
      srcSet: YOUTUBE_THUMBNAILS.map(
        (size) => `${youtubeThumbnailUrl(youtubeId, size.name)} ${size.width}w`,
      ).join(', '),
      fallback: youtubeThumbnailUrl(youtubeId, 'hqdefault'),
    };
  }
  if (video.thumbnailUrl) {
    const srcSet = video.thumbnailSrcSet ?? undefined;
    return { kind: 'own', src: video.thumbnailUrl, ...(srcSet && { srcSet }) };
  }
  return { kind: 'bars' };
}

/** How wide a card is at each layout width (the grid's columns), for the browser's choice in srcset. */
export const CARD_IMAGE_SIZES =
  '(min-width: 88em) 25vw, (min-width: 62em) 33vw, (min-width: 36em) 50vw, 100vw';
