import { useSyncExternalStore } from 'react';
import type { DetailedError, Upload } from 'tus-js-client';
import { uploadsEndpoints } from '../../common/endpoints/uploads';
import { videoEndpoints } from '../../common/endpoints/videos';
import { call } from './api-client';
import { i18n } from './i18n';
import { announceRunning } from './upload-heartbeat';

/**
 * The uploads of this tab (SPEC 3 "Upload tracking entry", 4.6), kept outside React so that they go on
 * while the user moves between screens. Each drives a resumable tus upload of one video's file.
 */

export type UploadStatus = 'uploading' | 'paused' | 'completed' | 'error';

/** One file on its way to the server; `id` is the video's id. */
export interface UploadEntry {
  id: string;
  title: string;
  fileName: string;
  /** The upload's address on the server, once it was created (the progress ring shows only these). */
  url: string | null;
  bytesSent: number;
  bytesTotal: number;
  /** Whole percent, 0 to 100. */
  progress: number;
  paused: boolean;
  status: UploadStatus;
  /** The i18n key of the failure, while `status` is 'error'. */
  errorKey: string | null;
}

/** Absolute: tus-js-client resolves the server's (relative) upload address against it with `new URL`. */
const endpoint = () => new URL(uploadsEndpoints.create.path, window.location.origin).href;
const CHUNK_SIZE = 8 * 1024 * 1024;
// Rides out a dropped connection or a restarting server for about two minutes before giving up.
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

let entries: readonly UploadEntry[] = [];
const listeners = new Set<() => void>();
const uploads = new Map<string, Upload>();
/** The files of unfinished uploads, to start again if the first start failed. */
const files = new Map<string, File>();
const starting = new Set<string>();

const find = (id: string) => entries.find((entry) => entry.id === id);
const isUnfinished = (entry: UploadEntry) => entry.status === 'uploading' || entry.status === 'paused';

function emit() {
  const warn = entries.some(isUnfinished);
  // Only while needed: a beforeunload listener keeps some browsers from caching the page on leaving.
  if (warn) window.addEventListener('beforeunload', handleBeforeUnload);
  else window.removeEventListener('beforeunload', handleBeforeUnload);
  // Other tabs learn these are running here, not left unfinished (also paused or failed: this tab has the file).
  announceRunning(entries.filter((entry) => entry.status !== 'completed').map((entry) => entry.id));
  for (const listener of listeners) listener();
}

function update(id: string, patch: Partial<UploadEntry>) {
  if (!find(id)) return;
  entries = entries.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry));
  emit();
}

function handleBeforeUnload(event: BeforeUnloadEvent) {
  // Browsers show their own words; the text is for the few that still show the page's.
  event.preventDefault();
  event.returnValue = i18n.t('upload.unloadWarning');
  return event.returnValue;
}

/** The message for a failed upload: the server's own reason when it gave one, else SPEC 8.4's text. */
function errorKeyOf(error: Error): string {
  const response = (error as DetailedError).originalResponse;
  const status = response?.getStatus() ?? 0;
  if (status === 413) return 'errors.PAYLOAD_TOO_LARGE';
  if (status === 401) return 'errors.NOT_AUTHENTICATED';
  try {
    const code = (JSON.parse(response?.getBody() ?? '') as { code?: unknown }).code;
    if (status < 500 && typeof code === 'string' && i18n.exists(`errors.${code}`)) return `errors.${code}`;
  } catch {
    // A body that is not our error shape (tus's own plain text): the general message.
  }
  return 'upload.failed';
}

/** A tus upload of the file for the video, continuing the server's copy when this browser began one. */
async function createUpload(file: File, id: string): Promise<Upload> {
  const tus = await import('tus-js-client');
  const upload: Upload = new tus.Upload(file, {
    endpoint: endpoint(),
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    removeFingerprintOnSuccess: true,
    metadata: { videoId: id, filename: file.name, ...(file.type && { filetype: file.type }) },
    onUploadUrlAvailable: () => update(id, { url: upload.url }),
    onProgress: (bytesSent, bytesTotal) => {
      const progress = bytesTotal > 0 ? Math.round((bytesSent / bytesTotal) * 100) : 0;
      // One change per percent is plenty for a ring and a bar.
      if (find(id)?.progress !== progress) update(id, { bytesSent, bytesTotal, progress });
    },
    onSuccess: () => {
      uploads.delete(id);
      files.delete(id);
      update(id, { status: 'completed', paused: false, progress: 100, bytesSent: file.size });
    },
    onError: (error) => update(id, { status: 'error', errorKey: errorKeyOf(error) }),
  });
  // The same file for the same video (a reload, a retry) continues where the server's copy ends.
  const previous = await upload.findPreviousUploads().catch(() => []);
  const match = previous.find((candidate) => candidate.metadata.videoId === id);
  if (match) upload.resumeFromPreviousUpload(match);
  return upload;
}

async function begin(file: File, id: string) {
  starting.add(id);
  const upload = await createUpload(file, id).catch(() => null); // the client's code failed to load
  starting.delete(id);
  if (!find(id)) return; // cancelled meanwhile
  if (!upload) return update(id, { status: 'error', errorKey: 'upload.failed' });
  // Registered only now, so a resume() while it was being made cannot start it twice.
  uploads.set(id, upload);
  if (find(id)?.status === 'uploading') upload.start();
}

/** Starts (or continues) uploading a video's file; returns the entry's id, the video id. */
export function startUpload(file: File, { videoId, title }: { videoId: string; title: string }): string {
  void uploads.get(videoId)?.abort();
  uploads.delete(videoId);
  files.set(videoId, file);
  const entry: UploadEntry = {
    id: videoId,
    title,
    fileName: file.name,
    url: null,
    bytesSent: 0,
    bytesTotal: file.size,
    progress: 0,
    paused: false,
    status: 'uploading',
    errorKey: null,
  };
  entries = [...entries.filter((other) => other.id !== videoId), entry];
  emit();
  void begin(file, videoId);
  return videoId;
}

/** Stops sending; what reached the server stays there for resume(). */
export function pause(id: string): void {
  if (find(id)?.status !== 'uploading') return;
  void uploads.get(id)?.abort();
  update(id, { paused: true, status: 'paused' });
}

/** Goes on after a pause, or tries again after an error. */
export function resume(id: string): void {
  const entry = find(id);
  if (entry?.status !== 'paused' && entry?.status !== 'error') return;
  update(id, { paused: false, status: 'uploading', errorKey: null });
  const upload = uploads.get(id);
  const file = files.get(id);
  if (upload) upload.start();
  // Still being made: begin() starts it. Never made (its code failed to load): make it now.
  else if (file && !starting.has(id)) void begin(file, id);
}

/** Stops for good: the entry goes, and the partial file is deleted from the server. */
export function cancel(id: string): void {
  const upload = uploads.get(id);
  const unfinished = find(id)?.status !== 'completed';
  uploads.delete(id);
  files.delete(id);
  entries = entries.filter((entry) => entry.id !== id);
  emit();
  void (async () => {
    await upload?.abort(true).catch(() => undefined); // the server drops stale uploads on its own too
    // A video whose file never arrived is withdrawn, so no empty "not uploaded" video stays behind.
    if (unfinished) await call(videoEndpoints.withdraw, { params: { videoId: id } }).catch(() => undefined);
  })();
}

/** Forgets a finished entry (completed or failed and given up). */
export function dismiss(id: string): void {
  const entry = find(id);
  if (entry && !isUnfinished(entry)) cancel(id);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** An upload the floating ring shows: accepted by the server and not done yet. */
export const shownInRing = (entry: UploadEntry) => entry.url !== null && entry.status !== 'completed';

/** Every upload of this tab, in the order they started; re-renders on each change. */
export function useUploads(): readonly UploadEntry[] {
  return useSyncExternalStore(subscribe, () => entries, noUploads);
}

/** What a page the server renders shows, and so what the browser's first render must show too. */
const NO_UPLOADS: readonly UploadEntry[] = [];
const noUploads = () => NO_UPLOADS;

/** One upload, or undefined once it was cancelled or dismissed. */
export function useUpload(id: string | null): UploadEntry | undefined {
  return useUploads().find((entry) => entry.id === id);
}
