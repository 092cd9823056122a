import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A canned failure the stand-in answers instead of doing the work. */
export interface StandInFailure {
  status: number;
  /** Google's error reason ('quotaExceeded' ...), in Google's error body. */
  reason?: string;
  /** For an upload PUT: keep this many bytes of the session before failing (a connection that broke). */
  keepBytes?: number;
  /** For an upload PUT: finish the upload, then fail anyway (the answer was lost on its way back). */
  afterFinishing?: boolean;
}

/** One upload that arrived: the metadata of the session and how many bytes the PUT carried. */
export interface ReceivedUpload {
  youtubeId: string;
  metadata: {
    snippet: { title: string; description: string; tags: string[]; categoryId: string };
    status: { privacyStatus: string };
  };
  contentType: string | undefined;
  declaredLength: string | undefined;
  bytes: number;
  sha256: string;
}

/**
 * A local stand-in for the three YouTube endpoints the publishing uses: the OAuth token (POST /token),
 * the resumable upload (POST /upload/youtube/v3/videos?uploadType=resumable, then PUT the bytes to the
 * Location it answers; a PUT with `Content-Range: bytes *\/SIZE` asks where it stands: 308 with the
 * `Range` kept, or 200 with the video once complete; a PUT with `bytes START-END/SIZE` resumes) and videos.list (GET /youtube/v3/videos?part=status&id=...). It checks what the
 * real API would refuse (grant type, bearer token, headers) and lets a test queue failures, remove or
 * reject videos, and read what it received.
 */
export async function startYouTubeStandIn() {
  const accessToken = `token-${crypto.randomUUID()}`;
  const uploads: ReceivedUpload[] = [];
  const sessions = new Map<
    string,
    {
      metadata: ReceivedUpload['metadata'];
      contentType?: string;
      length?: string;
      /** The bytes received so far, and the video's id once they are all there. */
      received: Buffer;
      youtubeId?: string;
    }
  >();
  const videos = new Map<string, { uploadStatus: string; rejectionReason?: string }>();
  const failures = {
    token: [] as StandInFailure[],
    session: [] as StandInFailure[],
    put: [] as StandInFailure[],
  };
  let tokenRequests = 0;
  let listRequests = 0;
  let statusQueries = 0;
  /** How many bytes each upload PUT carried, in order. */
  const putSizes: number[] = [];

  const readBody = async (request: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const fail = (response: http.ServerResponse, failure: StandInFailure) =>
    response.writeHead(failure.status, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        error: {
          code: failure.status,
          message: 'stand-in failure',
          errors: [{ reason: failure.reason ?? 'backendError' }],
        },
      }),
    );
  const authorized = (request: http.IncomingMessage) =>
    request.headers.authorization === `Bearer ${accessToken}`;

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'POST' && url.pathname === '/token') {
        tokenRequests++;
        const form = new URLSearchParams((await readBody(request)).toString());
        const failure = failures.token.shift();
        if (failure) return fail(response, failure);
        if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== 'refresh-me') {
          return response
            .writeHead(400, { 'content-type': 'application/json' })
            .end('{"error":"invalid_grant"}');
        }
        return response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: accessToken, expires_in: 3599, token_type: 'Bearer' }));
      }
      if (request.method === 'POST' && url.pathname === '/upload/youtube/v3/videos') {
        const body = await readBody(request);
        if (!authorized(request)) return fail(response, { status: 401, reason: 'authError' });
        if (
          url.searchParams.get('uploadType') !== 'resumable' ||
          url.searchParams.get('part') !== 'snippet,status'
        ) {
          return fail(response, { status: 400, reason: 'badRequest' });
        }
        const failure = failures.session.shift();
        if (failure) return fail(response, failure);
        const session = crypto.randomUUID();
        sessions.set(session, {
          metadata: JSON.parse(body.toString()),
          contentType: request.headers['x-upload-content-type'] as string | undefined,
          length: request.headers['x-upload-content-length'] as string | undefined,
          received: Buffer.alloc(0),
        });
        const port = (server.address() as AddressInfo).port;
        return response
          .writeHead(200, {
            location: `http://127.0.0.1:${port}/upload/youtube/v3/videos?upload_id=${session}`,
          })
          .end();
      }
      if (request.method === 'PUT' && url.pathname === '/upload/youtube/v3/videos') {
        const body = await readBody(request);
        const session = sessions.get(url.searchParams.get('upload_id') ?? '');
        if (!session) return fail(response, { status: 404, reason: 'notFound' });
        const finished = () =>
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ kind: 'youtube#video', id: session.youtubeId }));
        const range = String(request.headers['content-range'] ?? '');
        // `bytes */SIZE`: where does this upload stand? (the resumable protocol's status check)
        if (/^bytes \*\/\d+$/.test(range)) {
          statusQueries++;
          if (session.youtubeId) return finished();
          const kept = session.received.length;
          return response.writeHead(308, kept > 0 ? { range: `bytes=0-${kept - 1}` } : {}).end();
        }
        const start = Number(/^bytes (\d+)-\d+\/\d+$/.exec(range)?.[1] ?? 0);
        if (start !== (start === 0 ? 0 : session.received.length)) {
          return fail(response, { status: 400, reason: 'badContentRange' });
        }
        putSizes.push(body.length);
        session.received = Buffer.concat([start === 0 ? Buffer.alloc(0) : session.received, body]);
        const failure = failures.put.shift();
        if (failure?.keepBytes !== undefined)
          session.received = session.received.subarray(0, failure.keepBytes);
        if (failure && !failure.afterFinishing) return fail(response, failure);
        session.youtubeId = crypto.randomBytes(8).toString('base64url').slice(0, 11);
        uploads.push({
          youtubeId: session.youtubeId,
          metadata: session.metadata,
          contentType: request.headers['content-type'],
          declaredLength: session.length,
          bytes: session.received.length,
          sha256: crypto.createHash('sha256').update(session.received).digest('hex'),
        });
        videos.set(session.youtubeId, { uploadStatus: 'uploaded' });
        return failure ? fail(response, failure) : finished();
      }
      if (request.method === 'GET' && url.pathname === '/youtube/v3/videos') {
        listRequests++;
        if (!authorized(request)) return fail(response, { status: 401, reason: 'authError' });
        const ids = (url.searchParams.get('id') ?? '').split(',').filter(Boolean);
        const items = ids.flatMap((id) => {
          const video = videos.get(id);
          return video ? [{ kind: 'youtube#video', id, status: video }] : [];
        });
        return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items }));
      }
      response.writeHead(404).end();
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    /** The settings that switch publishing on against this stand-in. */
    env: {
      YOUTUBE_CLIENT_ID: 'client',
      YOUTUBE_CLIENT_SECRET: 'secret',
      YOUTUBE_REFRESH_TOKEN: 'refresh-me',
      YOUTUBE_API_BASE: base,
      YOUTUBE_OAUTH_BASE: base,
    },
    uploads,
    failures,
    tokenRequests: () => tokenRequests,
    listRequests: () => listRequests,
    statusQueries: () => statusQueries,
    putSizes,
    /** YouTube deleted the video (videos.list no longer returns it). */
    remove: (youtubeId: string) => videos.delete(youtubeId),
    /** YouTube rejected the video (terms of use and the like). */
    reject: (youtubeId: string, reason: string) =>
      videos.set(youtubeId, { uploadStatus: 'rejected', rejectionReason: reason }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type YouTubeStandIn = Awaited<ReturnType<typeof startYouTubeStandIn>>;
