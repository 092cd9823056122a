import type { Readable } from 'node:stream';

/**
 * Where files live (SPEC 7 paths such as `videos/{id}.mp4`, `video_thumbnails/{id}.jpg`).
 * Drivers: local disk (default) and S3-compatible object storage.
 */
export interface Storage {
  put(path: string, data: Buffer | Readable, contentType: string): Promise<void>;
  read(path: string): Promise<Readable>;
  exists(path: string): Promise<boolean>;
  delete(path: string): Promise<void>;
  /** A URL anyone may fetch; only for the public prefixes below. */
  publicUrl(path: string): string;
}

/** Prefixes whose files anyone may read; everything else (videos, signatures) needs a signed URL. */
export const PUBLIC_PREFIXES = ['video_thumbnails/', 'avatars/', 'covers/', 'public/'] as const;

export function isPublicPath(path: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Refuses paths that could escape the storage root or are not plain relative paths. */
export function assertSafePath(path: string): void {
  if (
    !/^[A-Za-z0-9_\-./]+$/.test(path) ||
    path.startsWith('/') ||
    path.split('/').some((s) => s === '..' || s === '')
  ) {
    throw new Error(`Unsafe storage path: ${path}`);
  }
}
