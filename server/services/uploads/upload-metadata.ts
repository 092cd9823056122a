import { z } from 'zod';
import { isVideoExtension } from '../../adapters/storage/content-types';

/** What the client says about a new upload (tus Upload-Metadata): the video it is for and the file. */
export const uploadCreationMetadata = z.object({
  videoId: z.uuid({ error: 'errors.VALIDATION_FAILED' }),
  filename: z
    .string({ error: 'errors.VALIDATION_FAILED' })
    .trim()
    .min(1, { error: 'errors.VALIDATION_FAILED' })
    .max(255, { error: 'errors.VALIDATION_FAILED' }),
  // A key sent without a value parses as null.
  filetype: z
    .string()
    .max(255)
    .nullish()
    .transform((value) => value || undefined),
});
export type UploadCreationMetadata = z.infer<typeof uploadCreationMetadata>;

/** The metadata stored with an upload: the client's, checked, and the owner, written by the server only. */
export type StoredUploadMetadata = UploadCreationMetadata & { userId: string };

/** Reads the stored metadata back; undefined when an upload lacks it (then nobody owns it). */
export function readStoredMetadata(
  metadata: Record<string, string | null> | undefined,
): StoredUploadMetadata | undefined {
  const parsed = uploadCreationMetadata.extend({ userId: z.string().min(1) }).safeParse(metadata ?? {});
  return parsed.success ? parsed.data : undefined;
}

/**
 * The file's place in storage (SPEC 7): `videos/{videoId}.{extension}`, mp4 when the name has no video
 * extension. Local disk serves a file by its extension, so `clip.svg` must never be stored as `.svg`.
 */
export function videoStoragePath(videoId: string, filename: string): string {
  const named = /\.([A-Za-z0-9]{1,8})$/.exec(filename)?.[1]?.toLowerCase();
  return `videos/${videoId}.${named && isVideoExtension(named) ? named : 'mp4'}`;
}

/**
 * The type to store the file with. Only a video type is believed: the original is downloaded later with
 * this type, and a claimed `text/html` must never be served as a page.
 */
export function storedContentType(filetype: string | undefined): string {
  return filetype && /^video\/[\w.+-]+$/i.test(filetype)
    ? filetype.toLowerCase()
    : 'application/octet-stream';
}
