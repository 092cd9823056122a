import type { PreviousUpload } from 'tus-js-client';
import { readLocal, writeLocal } from '../../lib/local-store';

/** An upload an earlier visit left unfinished: the same file, chosen again, continues it. */
export interface UnfinishedUpload {
  videoId: string;
  title: string;
  fileName: string;
  size: number | null;
  previous: PreviousUpload;
}

/** Video titles by id: tus remembers an unfinished upload, not what its video is called. */
const TITLES_KEY = 'uploads.titles';

const readTitles = () => readLocal<Record<string, string>>(TITLES_KEY) ?? {};

/** Remembers the title of a video whose file is being sent, to name it if the visit ends first. */
export function rememberUploadTitle(videoId: string, title: string): void {
  writeLocal(TITLES_KEY, { ...readTitles(), [videoId]: title });
}

/** The uploads this browser began and did not finish, except the ones running in this tab now. */
export async function findUnfinishedUploads(running: readonly string[]): Promise<UnfinishedUpload[]> {
  const { defaultOptions } = await import('tus-js-client');
  const stored = await defaultOptions.urlStorage.findAllUploads();
  const titles = readTitles();
  const found = stored.flatMap((previous) => {
    const videoId = previous.metadata.videoId;
    if (!videoId || !previous.uploadUrl) return [];
    const fileName = previous.metadata.filename ?? '';
    return [{ videoId, title: titles[videoId] ?? fileName, fileName, size: previous.size, previous }];
  });
  // Finished and cancelled uploads leave tus's storage; their titles go too.
  const kept = new Set(found.map((upload) => upload.videoId));
  writeLocal(TITLES_KEY, Object.fromEntries(Object.entries(titles).filter(([id]) => kept.has(id))));
  return found.filter((upload) => !running.includes(upload.videoId));
}

/** Gives up an unfinished upload: deleted on the server (when it is still there) and forgotten here. */
export async function discardUnfinished(unfinished: UnfinishedUpload): Promise<void> {
  const { defaultOptions, Upload } = await import('tus-js-client');
  const url = unfinished.previous.uploadUrl;
  if (url) await Upload.terminate(url).catch(() => undefined);
  await defaultOptions.urlStorage.removeUpload(unfinished.previous.urlStorageKey);
}
