import type { DataStore } from '@tus/server';
import type { Storage } from '../storage/storage';

/**
 * How long an unfinished upload may take from its creation: long enough for the largest file on a slow
 * line, short enough that abandoned halves do not fill the disk. (tus counts from creation, not from
 * the last byte: a resumed upload does not get more time.)
 */
export const UPLOAD_EXPIRATION_MS = 24 * 60 * 60 * 1000;

/** A tus datastore that can also hand a finished upload over to storage. */
export interface UploadStore extends DataStore {
  /**
   * Puts a finished upload's bytes into storage at `path` and removes the upload. Once the bytes are in
   * storage it does not fail: a leftover of the upload only costs space until it expires.
   */
  moveToStorage(id: string, storage: Storage, path: string, contentType: string): Promise<void>;
}
