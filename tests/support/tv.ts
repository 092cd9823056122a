import { TV_TOKEN_HEADER, type TvFreeVideo } from '../../common/contracts/tv';
import { thumbnailFiles } from '../../server/adapters/media/thumbnail-variants';
import { tvThumbnailPath } from '../../server/services/tv/tv-submission.service';
import type { TestApp } from './test-app';
import { uploadMetadata } from './uploads';

export const TV_HOST = 'tv.example.test';

/** A pending TV submission as the page holds it. */
export interface Pending {
  id: string;
  token: string;
}

let addresses = 0;
/** A network address of its own for each opening, clear of the per-address limit unless a test shares one. */
export const freshAddress = () => `10.210.${Math.floor(++addresses / 250) % 250}.${addresses % 250}`;

/** Opens a submission on the TV host with a solved captcha. */
export async function openSubmission(t: TestApp, remoteAddress = freshAddress()): Promise<Pending> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tv/submissions',
    headers: { host: TV_HOST },
    remoteAddress,
    payload: { captcha: await t.solveCaptcha() },
  });
  if (response.statusCode !== 201) throw new Error(`open failed: ${response.statusCode} ${response.body}`);
  return response.json() as Pending;
}

/** Headers of a TV call: the TV host and, when given, a submission's token. */
export const tvHeaders = (token?: string, extra: Record<string, string> = {}) => ({
  host: TV_HOST,
  ...(token && { [TV_TOKEN_HEADER]: token }),
  ...extra,
});

/** tus creation on the TV upload endpoint for `videoId` (a submission id), with `token`. */
export async function createTvUpload(t: TestApp, token: string, videoId: string, length: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tv/uploads',
    headers: tvHeaders(token, {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': uploadMetadata({ videoId, filename: 'Clip.MP4', filetype: 'video/mp4' }),
    }),
  });
  return { response, location: String(response.headers.location ?? '') };
}

export function patchTvUpload(t: TestApp, token: string, location: string, offset: number, bytes: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: tvHeaders(token, {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }),
    payload: bytes,
  });
}

/** The whole file in one creation and one PATCH; returns the PATCH's response. */
export async function uploadTvFile(t: TestApp, pending: Pending, bytes: Buffer) {
  const { response, location } = await createTvUpload(t, pending.token, pending.id, bytes.length);
  if (response.statusCode !== 201)
    throw new Error(`creation failed: ${response.statusCode} ${response.body}`);
  return patchTvUpload(t, pending.token, location, 0, bytes);
}

export function putPart(t: TestApp, pending: Pending, part: 'thumbnail' | 'signature', dataUrl: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/tv/submissions/${pending.id}/${part}`,
    headers: tvHeaders(pending.token),
    payload: { [part]: dataUrl },
  });
}

/** A valid createFreeVideo body for the submission. */
export const freeVideo = (videoId: string): TvFreeVideo => ({
  videoId,
  video: {
    title: 'Waves at Lady’s Mile',
    description: 'Storm waves on the beach near Limassol.',
    keywordsString: 'sea, storm, Limassol',
    youtubeUrl: '',
    fileName: 'Clip.MP4',
  },
  owner: {
    name: 'Eleni Georgiou',
    email: 'eleni@example.com',
    phoneNumber: '+35799123456',
    country: 'CY',
    instagram: '@eleni',
    dob: '1990-05-17',
  },
  isPolicyAgreed: true,
});

export function createFreeVideo(t: TestApp, pending: Pending, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/tv/submissions/${pending.id}/video`,
    headers: tvHeaders(pending.token),
    payload: body as Record<string, unknown>,
  });
}

/** Every trace a submission can leave: its pending row, a video row and its four files. */
export async function tracesOf(t: TestApp, id: string) {
  const files = [
    `videos/${id}.mp4`,
    `signatures/${id}.png`,
    ...thumbnailFiles(tvThumbnailPath(id)),
    `tv_pending/${id}.jpg`,
  ];
  const present = [];
  for (const file of files) if (await t.storage.exists(file)) present.push(file);
  const video = await t.db.selectFrom('videos').select('id').where('id', '=', id).executeTakeFirst();
  const pending = await t.db
    .selectFrom('tv_submissions')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return { files: present, video: video !== undefined, pending: pending !== undefined };
}
export const NOTHING = { files: [], video: false, pending: false };
