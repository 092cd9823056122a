import { Readable } from 'node:stream';
import type { YouTubeConfig } from '../../config';
import {
  type RemovedVideo,
  type UploadSession,
  type YouTubeChannel,
  YouTubeError,
  type YouTubeVideo,
} from './youtube';

/** An API call that takes longer is given up (and retried); the upload itself has no such limit. */
const CALL_TIMEOUT_MS = 30_000;
/** videos.list takes at most 50 ids a call. */
const LIST_BATCH = 50;
/** Refresh the access token a minute before YouTube says it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** Reasons of a 403 that mean "later", not "never" (the daily quota resets, rate limits pass). */
const RETRYABLE_REASONS = ['quotaExceeded', 'rateLimitExceeded', 'userRateLimitExceeded', 'backendError'];
/** videos.list upload states of a video that is not (or no longer) on the channel. */
const GONE_STATES = ['deleted', 'failed', 'rejected'];

interface GoogleErrorBody {
  error?: { message?: string; errors?: { reason?: string }[] } | string;
  error_description?: string;
}

/** The first reason of a Google error answer ('quotaExceeded', 'invalid_grant' ...), or the HTTP status. */
async function reasonOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as GoogleErrorBody;
    if (typeof body.error === 'string') return body.error;
    const reason = body.error?.errors?.[0]?.reason;
    if (reason) return reason;
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${response.status}`;
}

/** A failed answer as a YouTubeError: 5xx, 429 and the quota and rate reasons are retryable. */
async function failure(response: Response, step: string): Promise<YouTubeError> {
  const reason = await reasonOf(response);
  const retryable =
    response.status >= 500 ||
    response.status === 429 ||
    (response.status === 403 && RETRYABLE_REASONS.includes(reason));
  return new YouTubeError(`${step}: ${reason}`, retryable);
}

/** fetch, with a network failure or a timeout as a retryable YouTubeError. */
/** The id in the video resource a finished upload answers with. */
async function videoIdOf(response: Response): Promise<string> {
  const body = (await response.json()) as { id?: string };
  if (!body.id) throw new YouTubeError('upload: no video id', true);
  return body.id;
}

async function call(url: string, init: RequestInit & { duplex?: 'half' }, step: string): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = error instanceof Error ? error.name : 'error';
    throw new YouTubeError(`${step}: network (${cause})`, true);
  }
}

/**
 * The YouTube Data API v3 over plain HTTP: an access token from the channel's refresh token (OAuth 2.0),
 * a resumable upload (a session POST with the metadata, then one PUT of the bytes, streamed), and
 * videos.list for the removal check.
 */
export function youtubeHttpChannel(config: YouTubeConfig): YouTubeChannel {
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const response = await call(
      `${config.oauthBase}/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          refresh_token: config.refreshToken,
          grant_type: 'refresh_token',
        }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      },
      'token',
    );
    if (!response.ok) throw await failure(response, 'token');
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new YouTubeError('token: no access token', true);
    const lifetime = (body.expires_in ?? 3600) * 1000;
    token = { value: body.access_token, expiresAt: Date.now() + lifetime - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** A new resumable session with the video's metadata; its address. */
  async function openSession(bearer: string, video: YouTubeVideo): Promise<string> {
    const session = await call(
      `${config.apiBase}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
      {
        method: 'POST',
        headers: {
          authorization: bearer,
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-type': video.contentType,
          'x-upload-content-length': String(video.sizeBytes),
        },
        body: JSON.stringify({
          snippet: {
            title: video.title,
            description: video.description,
            tags: video.tags,
            categoryId: String(video.categoryId),
          },
          status: { privacyStatus: video.privacy, selfDeclaredMadeForKids: false },
        }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      },
      'upload session',
    );
    if (!session.ok) throw await failure(session, 'upload session');
    const location = session.headers.get('location');
    if (!location) throw new YouTubeError('upload session: no upload address', true);
    return new URL(location, config.apiBase).toString();
  }

  /**
   * Where an earlier session stands (an empty PUT with `Content-Range: bytes *\/SIZE`): finished (the
   * video's id), the byte to go on from, or gone (`next` null).
   */
  async function uploadStanding(address: string, bearer: string, size: number) {
    const response = await call(
      address,
      {
        method: 'PUT',
        headers: { authorization: bearer, 'content-range': `bytes */${size}`, 'content-length': '0' },
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      },
      'upload status',
    );
    if (response.ok) return { youtubeId: await videoIdOf(response), next: null };
    if (response.status === 308) {
      const kept = /bytes=0-(\d+)/.exec(response.headers.get('range') ?? '');
      return { youtubeId: null, next: kept ? Number(kept[1]) + 1 : 0 };
    }
    if (response.status === 404 || response.status === 410) return { youtubeId: null, next: null };
    throw await failure(response, 'upload status');
  }

  /** The file's bytes from `start` on, to the session. */
  async function sendBytes(address: string, bearer: string, video: YouTubeVideo, start: number) {
    const sent = await call(
      address,
      {
        method: 'PUT',
        headers: {
          authorization: bearer,
          'content-type': video.contentType,
          'content-length': String(video.sizeBytes - start),
          ...(start > 0 && { 'content-range': `bytes ${start}-${video.sizeBytes - 1}/${video.sizeBytes}` }),
        },
        body: Readable.toWeb(await video.open(start)) as ReadableStream<Uint8Array>,
        duplex: 'half',
      },
      'upload',
    );
    if (!sent.ok) throw await failure(sent, 'upload');
    return { youtubeId: await videoIdOf(sent) };
  }

  return {
    async upload(video: YouTubeVideo, session: UploadSession) {
      const bearer = `Bearer ${await accessToken()}`;
      if (session.address) {
        const standing = await uploadStanding(session.address, bearer, video.sizeBytes);
        if (standing.youtubeId) return { youtubeId: standing.youtubeId };
        if (standing.next !== null) return sendBytes(session.address, bearer, video, standing.next);
        // The session is gone (they last about a week): start again.
      }
      const address = await openSession(bearer, video);
      await session.keep(address);
      return sendBytes(address, bearer, video, 0);
    },

    async removed(youtubeIds: readonly string[]) {
      const gone: RemovedVideo[] = [];
      for (let start = 0; start < youtubeIds.length; start += LIST_BATCH) {
        const batch = youtubeIds.slice(start, start + LIST_BATCH);
        const query = new URLSearchParams({
          part: 'status',
          id: batch.join(','),
          maxResults: String(LIST_BATCH),
        });
        const response = await call(
          `${config.apiBase}/youtube/v3/videos?${query}`,
          {
            headers: { authorization: `Bearer ${await accessToken()}` },
            signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
          },
          'videos.list',
        );
        if (!response.ok) throw await failure(response, 'videos.list');
        const body = (await response.json()) as {
          items?: {
            id: string;
            status?: { uploadStatus?: string; rejectionReason?: string; failureReason?: string };
          }[];
        };
        const found = new Map((body.items ?? []).map((item) => [item.id, item.status]));
        for (const id of batch) {
          const status = found.get(id);
          if (!found.has(id)) gone.push({ youtubeId: id, reason: 'deleted' });
          else if (status?.uploadStatus && GONE_STATES.includes(status.uploadStatus)) {
            const why = status.rejectionReason ?? status.failureReason;
            gone.push({
              youtubeId: id,
              reason: why ? `${status.uploadStatus}: ${why}` : status.uploadStatus,
            });
          }
        }
      }
      return gone;
    },
  };
}
