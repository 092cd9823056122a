import sharp from 'sharp';
import type { Storage } from '../storage/storage';

/**
 * A card's picture in WebP at three widths beside the 640x360 JPEG (which stays: it is the video player's
 * poster, the feeds' and link previews' picture). A card of a desktop's grid takes the 480 or 320 one, a
 * half to a fifth of the JPEG's bytes; a phone's full-width card the 640 one, about three quarters of
 * them (bench/README.md, "Thumbnails").
 */
export const THUMBNAIL_VARIANT_WIDTHS = [320, 480, 640] as const;

/** The same quality as the JPEG's (SPEC 9), which WebP reaches in fewer bytes. */
const WEBP_QUALITY = 75;

/** `video_thumbnails/{id}.jpg` -> `video_thumbnails/{id}.w320.webp`. */
export function thumbnailVariantPath(thumbnail: string, width: number): string {
  return thumbnail.replace(/\.jpg$/, `.w${width}.webp`);
}

/** A thumbnail's files: the JPEG and its WebP sizes (what deleting a thumbnail removes). */
export function thumbnailFiles(thumbnail: string): string[] {
  return [thumbnail, ...THUMBNAIL_VARIANT_WIDTHS.map((width) => thumbnailVariantPath(thumbnail, width))];
}

/** Writes the WebP sizes of a thumbnail whose JPEG bytes are given (the JPEG itself is the caller's). */
export async function storeThumbnailVariants(storage: Storage, thumbnail: string, jpeg: Buffer) {
  const image = sharp(jpeg); // read once; each size works on a clone
  for (const width of THUMBNAIL_VARIANT_WIDTHS) {
    const webp = await image.clone().resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer();
    await storage.put(thumbnailVariantPath(thumbnail, width), webp, 'image/webp');
  }
}

/** Writes a thumbnail's JPEG and its WebP sizes. */
export async function storeThumbnail(storage: Storage, thumbnail: string, jpeg: Buffer) {
  await storage.put(thumbnail, jpeg, 'image/jpeg');
  await storeThumbnailVariants(storage, thumbnail, jpeg);
}

/** The `srcset` of a thumbnail's WebP sizes, for a card's `<img>`. */
export function thumbnailSrcSet(storage: Storage, thumbnail: string): string {
  return THUMBNAIL_VARIANT_WIDTHS.map(
    (width) => `${storage.publicUrl(thumbnailVariantPath(thumbnail, width))} ${width}w`,
  ).join(', ');
}
