import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range header); no `end` means to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** How long a signed URL works, and the file name a browser should save it as (then it downloads). */
export interface SignedUrlOptions {
  expiresInSeconds: number;
  downloadName?: string;
}

/**
 * Where files live (SPEC 7 paths such as `videos/{id}.mp4`, `video_thumbnails/{id}.jpg`).
 * Drivers: local disk (default, `local-storage.ts`) and S3-compatible object storage (`s3-storage.ts`);
 * `createStorage` in `storage-factory.ts` picks one. Every method refuses unsafe paths (`assertSafePath`).
 */
export interface Storage {
  put(path: string, data: Buffer | Readable, contentType: string): Promise<void>;
  /**
   * Moves a file of this machine (a finished upload, up to several GB) into storage, streaming it, never
   * whole in memory. The local file is gone afterwards; on local disk this is usually a rename.
   */
  moveFile(localPath: string, path: string, contentType: string): Promise<void>;
  /** The file's bytes, or a range of them (callers keep ranges inside the size); FileNotFoundError if absent. */
  read(path: string, range?: ByteRange): Promise<Readable>;
  exists(path: string): Promise<boolean>;
  /** The size in bytes, or null when there is no such file. */
  size(path: string): Promise<number | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(path: string): Promise<void>;
  /** A URL anyone may fetch; only for the public prefixes below. */
  publicUrl(path: string): string;
  /**
   * A URL that lets whoever holds it read the file, private ones included (videos/, signatures/), until it
   * expires (at most MAX_SIGNED_URL_SECONDS, the S3 limit). Local disk: our `/api/files/` route; S3: presigned.
   */
  signedUrl(path: string, options: SignedUrlOptions): Promise<string>;
}

/** Prefixes whose files anyone may read; everything else (videos, signatures) needs a signed URL. */
export const PUBLIC_PREFIXES = ['video_thumbnails/', 'avatars/', 'covers/', 'public/'] as const;

/** Seven days: the longest an S3 (SigV4) presigned URL can live; local disk keeps the same limit. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

/** Thrown by `read` when the file does not exist, whatever the driver. */
export class FileNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`No such file in storage: ${path}`);
    this.name = 'FileNotFoundError';
  }
}

/** A whole file's bytes, for small ones only (a thumbnail, a signature): never a video. */
export async function readBytes(storage: Storage, path: string): Promise<Buffer> {
  return Buffer.concat(await (await storage.read(path)).toArray());
}

export function isPublicPath(path: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** True for plain relative paths that cannot escape the storage root (no `..`, `.`, empty or absolute parts). */
export function isSafePath(path: string): boolean {
  return (
    /^[A-Za-z0-9_\-./]+$/.test(path) &&
    !path.startsWith('/') &&
    !path.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')
  );
}

/** Refuses paths that could escape the storage root or are not plain relative paths. */
export function assertSafePath(path: string): void {
  if (!isSafePath(path)) throw new Error(`Unsafe storage path: ${path}`);
}

/** Refuses expiries S3 would refuse, so both drivers accept the same calls. */
export function assertSignedUrlLifetime(expiresInSeconds: number): void {
  if (
    !Number.isInteger(expiresInSeconds) ||
    expiresInSeconds < 1 ||
    expiresInSeconds > MAX_SIGNED_URL_SECONDS
  ) {
    throw new RangeError(
      `A signed URL lives 1 to ${MAX_SIGNED_URL_SECONDS} seconds, not ${expiresInSeconds}`,
    );
  }
}
